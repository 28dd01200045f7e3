import { useRef, useState, type ChangeEvent } from "react";
import { useDataProvider, useInput, useNotify, useTranslate } from "react-admin";
import { Box, Button, CircularProgress, FormHelperText, IconButton, Tooltip, Typography } from "@mui/material";
import ArrowBackIcon from "@mui/icons-material/ArrowBack";
import ArrowForwardIcon from "@mui/icons-material/ArrowForward";
import DeleteIcon from "@mui/icons-material/Delete";
import AddPhotoAlternateIcon from "@mui/icons-material/AddPhotoAlternate";
import type { AdminProductImage } from "../../server/schemas/admin-products.ts";
import { IMAGE_ACCEPT } from "../../shared/chat.ts";
import type { ConsoleDataProvider } from "../data-provider.ts";

const atLeastOne = (value: unknown) => (Array.isArray(value) && value.length > 0 ? undefined : "loja.products.images_required");

/**
 * Multi-image field: files upload at once (the server stores them and makes the WebP thumbnails),
 * the form keeps the ordered list of media ids; arrows reorder, the bin removes.
 */
export function ImagesInput() {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  const { field, fieldState, formState } = useInput<AdminProductImage[]>({ source: "images", validate: atLeastOne, defaultValue: [] });
  const images: AdminProductImage[] = Array.isArray(field.value) ? field.value : [];
  const showError = fieldState.invalid && (fieldState.isTouched || formState.isSubmitted);
  const [uploading, setUploading] = useState(0);
  const fileRef = useRef<HTMLInputElement>(null);
  // Several uploads may finish in any order; always append to the latest list.
  const latest = useRef(images);
  latest.current = images;

  const update = (next: AdminProductImage[]) => {
    latest.current = next;
    field.onChange(next);
  };

  const onFiles = async (e: ChangeEvent<HTMLInputElement>) => {
    const files = Array.from(e.target.files ?? []);
    e.target.value = "";
    setUploading((n) => n + files.length);
    for (const file of files) {
      try {
        const image = await dataProvider.uploadImage(file);
        update([...latest.current, image]);
      } catch (err) {
        notify(err instanceof Error ? err.message : translate("loja.products.upload_failed"), { type: "error" });
      } finally {
        setUploading((n) => n - 1);
      }
    }
    field.onBlur();
  };

  const move = (from: number, to: number) => {
    const next = [...images];
    const [item] = next.splice(from, 1);
    if (!item) return;
    next.splice(to, 0, item);
    update(next);
  };

  return (
    <Box sx={{ mb: 2, width: "100%" }}>
      <Typography variant="subtitle2" gutterBottom>
        {translate("resources.products.fields.images")}
      </Typography>
      <Box sx={{ display: "flex", flexWrap: "wrap", gap: 1.5 }} data-testid="product-images">
        {images.length === 0 && (
          <Typography color="text.secondary" variant="body2">
            {translate("loja.products.no_images")}
          </Typography>
        )}
        {images.map((img, i) => (
          <Box
            key={img.mediaId}
            sx={{ border: i === 0 ? "2px solid #1f3a5f" : "1px solid #ddd", borderRadius: 1, p: 0.5, textAlign: "center" }}
          >
            <img src={img.thumbnailUrl} alt="" width={110} height={110} style={{ objectFit: "cover", display: "block" }} />
            <Box>
              <Tooltip title={translate("loja.products.move_left")}>
                <span>
                  <IconButton
                    size="small"
                    aria-label={translate("loja.products.move_left")}
                    disabled={i === 0}
                    onClick={() => move(i, i - 1)}
                  >
                    <ArrowBackIcon fontSize="small" />
                  </IconButton>
                </span>
              </Tooltip>
              <Tooltip title={translate("loja.products.remove_image")}>
                <IconButton
                  size="small"
                  aria-label={translate("loja.products.remove_image")}
                  onClick={() => update(images.filter((_, j) => j !== i))}
                >
                  <DeleteIcon fontSize="small" />
                </IconButton>
              </Tooltip>
              <Tooltip title={translate("loja.products.move_right")}>
                <span>
                  <IconButton
                    size="small"
                    aria-label={translate("loja.products.move_right")}
                    disabled={i === images.length - 1}
                    onClick={() => move(i, i + 1)}
                  >
                    <ArrowForwardIcon fontSize="small" />
                  </IconButton>
                </span>
              </Tooltip>
            </Box>
          </Box>
        ))}
      </Box>
      <Box sx={{ mt: 1, display: "flex", alignItems: "center", gap: 1 }}>
        <Button variant="outlined" size="small" startIcon={<AddPhotoAlternateIcon />} onClick={() => fileRef.current?.click()}>
          {translate("loja.products.add_images")}
        </Button>
        <input ref={fileRef} data-testid="product-image-file" type="file" accept={IMAGE_ACCEPT} multiple hidden onChange={onFiles} />
        {uploading > 0 && (
          <>
            <CircularProgress size={18} />
            <Typography variant="body2">{translate("loja.products.uploading")}</Typography>
          </>
        )}
      </Box>
      <FormHelperText error={showError}>
        {showError && fieldState.error?.message ? translate(fieldState.error.message) : translate("loja.products.images_help")}
      </FormHelperText>
    </Box>
  );
}
