import {
  AccessDenied,
  ArrayInput,
  BooleanInput,
  CanAccess,
  Edit,
  NumberInput,
  PasswordInput,
  SaveButton,
  SelectInput,
  SimpleForm,
  SimpleFormIterator,
  TextInput,
  Toolbar,
  email,
  maxLength,
  required,
  useNotify,
  useRecordContext,
  useTranslate,
} from "react-admin";
import { Typography } from "@mui/material";
import {
  cartReminderHoursError,
  messagingCapError,
  passwordNeeded,
  ibanFormatError,
  stockHoldError,
  paymentDeadlineError,
  placementsPerHourError,
  returnWindowError,
  settingsFromForm,
  settingsToForm,
} from "./transform.ts";
import { SettingsChanges } from "./settings-changes.tsx";
import { nifProblem } from "../../shared/nif.ts";
import { VAT_REGIMES, VAT_REGIME_LABELS } from "../../shared/fiscal.ts";
import { MAX_RETURN_POLICY_LENGTH } from "../../shared/returns.ts";

const VAT_REGIME_CHOICES = VAT_REGIMES.map((id) => ({ id, name: VAT_REGIME_LABELS[id] }));
/** The shop's NIF checked as every NIF is (the server says the same): empty until the shop has one. */
const shopNifError = (value: unknown) => (typeof value === "string" ? (nifProblem(value) ?? undefined) : undefined);

// The storefront footer shows three phones; the privacy policy needs a Portuguese and an English e-mail.
const exactlyThree = (v: unknown) => (Array.isArray(v) && v.length === 3 ? undefined : "loja.settings.three_phones");
const atLeastTwo = (v: unknown) => (Array.isArray(v) && v.length >= 2 ? undefined : "loja.settings.two_emails");
const atLeastOne = (v: unknown) => (Array.isArray(v) && v.length >= 1 ? undefined : "loja.settings.one_address");

/** The admin's own password, asked again only when bank details, contacts or alert addresses change (the server checks it). */
function CurrentPasswordInput() {
  const record = useRecordContext();
  const translate = useTranslate();
  const requiredWithBankChange = (value: unknown, all: Record<string, unknown>) =>
    passwordNeeded(record, all) && !value ? "loja.settings.password_required" : undefined;
  return (
    <PasswordInput
      source="currentPassword"
      validate={requiredWithBankChange}
      helperText={translate("loja.settings.password_help")}
      autoComplete="current-password"
    />
  );
}

export function SettingsEdit() {
  const translate = useTranslate();
  const notify = useNotify();
  return (
    <CanAccess resource="settings" action="edit" accessDenied={<AccessDenied />}>
      <Edit
        resource="settings"
        id={1}
        redirect={false}
        mutationMode="pessimistic"
        title={translate("loja.settings.title")}
        queryOptions={{ select: settingsToForm }}
        transform={settingsFromForm}
        mutationOptions={{ onSuccess: () => notify("loja.settings.saved", { type: "success" }) }}
      >
        <SimpleForm
          toolbar={
            <Toolbar>
              <SaveButton />
            </Toolbar>
          }
        >
          <Typography variant="h6">{translate("loja.settings.contacts")}</Typography>
          <ArrayInput source="phones" validate={exactlyThree}>
            <SimpleFormIterator inline disableReordering disableAdd disableRemove disableClear>
              <TextInput source="value" label={false} validate={[required(), maxLength(40)]} />
            </SimpleFormIterator>
          </ArrayInput>
          <TextInput source="whatsapp" validate={maxLength(40)} helperText={translate("loja.settings.whatsapp_help")} />
          <ArrayInput source="emails" validate={atLeastTwo}>
            <SimpleFormIterator inline disableReordering disableClear>
              <TextInput source="value" label={false} validate={[required(), email()]} />
            </SimpleFormIterator>
          </ArrayInput>
          <ArrayInput source="addresses" validate={atLeastOne}>
            <SimpleFormIterator inline disableReordering disableClear>
              <TextInput source="value" label={false} validate={[required(), maxLength(300)]} fullWidth />
            </SimpleFormIterator>
          </ArrayInput>
          <Typography variant="h6" sx={{ mt: 2 }}>
            {translate("loja.settings.bank")}
          </Typography>
          <TextInput source="bankName" validate={[required(), maxLength(120)]} />
          <TextInput source="accountHolder" validate={[required(), maxLength(160)]} />
          <TextInput source="accountNumber" validate={[required(), maxLength(60)]} />
          <TextInput
            source="iban"
            validate={[required(), maxLength(60), ibanFormatError]}
            helperText={translate("loja.settings.iban_help")}
          />
          <Typography variant="h6" sx={{ mt: 2 }}>
            {translate("loja.settings.payments")}
          </Typography>
          {/* step "any": a min of 0.01 with step 1 would make the browser refuse 48 (valid steps are 0.01 + n), in English; our validator says the bounds. */}
          <NumberInput
            source="paymentDeadlineHours"
            validate={paymentDeadlineError}
            step="any"
            helperText={translate("loja.settings.deadline_help")}
          />
          <NumberInput
            source="stockHoldHours"
            validate={stockHoldError}
            step="any"
            helperText={translate("loja.settings.stock_hold_help")}
          />
          <Typography variant="h6" sx={{ mt: 2 }}>
            {translate("loja.settings.orders_limits")}
          </Typography>
          <NumberInput
            source="placementsPerHour"
            validate={placementsPerHourError}
            step={1}
            min={1}
            helperText={translate("loja.settings.placements_per_hour_help")}
          />
          {/* Pay on delivery (docs/product/pay-on-delivery.md): the server checks the bounds and says them. */}
          <Typography variant="h6" sx={{ mt: 2 }}>
            {translate("loja.settings.pay_on_delivery")}
          </Typography>
          <NumberInput source="payOnDeliveryConfirmHours" step="any" helperText={translate("loja.settings.pay_on_delivery_hours_help")} />
          <NumberInput
            source="payOnDeliveryRefusalLimit"
            step={1}
            min={1}
            helperText={translate("loja.settings.pay_on_delivery_refusals_help")}
          />
          <Typography variant="h6" sx={{ mt: 2 }}>
            {translate("loja.settings.fiscal")}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {translate("loja.settings.fiscal_help")}
          </Typography>
          <TextInput source="fiscalCompanyName" validate={maxLength(200)} />
          <TextInput source="fiscalNif" validate={[maxLength(40), shopNifError]} />
          <SelectInput source="fiscalVatRegime" choices={VAT_REGIME_CHOICES} validate={required()} />
          <Typography variant="h6" sx={{ mt: 2 }}>
            {translate("loja.settings.returns")}
          </Typography>
          <NumberInput
            source="returnWindowDays"
            validate={returnWindowError}
            step={1}
            min={0}
            helperText={translate("loja.settings.return_window_help")}
          />
          <TextInput
            source="returnPolicy"
            multiline
            minRows={3}
            validate={maxLength(MAX_RETURN_POLICY_LENGTH)}
            helperText={translate("loja.settings.return_policy_help")}
          />
          <Typography variant="h6" sx={{ mt: 2 }}>
            {translate("loja.settings.cart_reminder")}
          </Typography>
          <BooleanInput source="cartReminderEnabled" helperText={translate("loja.settings.cart_reminder_help")} />
          <NumberInput source="cartReminderHours" validate={cartReminderHoursError} step={1} min={1} max={168} />
          <Typography variant="h6" sx={{ mt: 2 }}>
            {translate("loja.settings.messaging")}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {translate("loja.settings.messaging_help")}
          </Typography>
          <ArrayInput source="messagingCountryCodes" helperText={translate("loja.settings.countries_help")}>
            <SimpleFormIterator inline disableReordering disableClear>
              <TextInput source="value" label={false} validate={[required(), maxLength(8)]} />
            </SimpleFormIterator>
          </ArrayInput>
          <NumberInput source="messagingPerPhoneDaily" validate={messagingCapError("messagingPerPhoneDaily")} step={1} min={1} />
          <NumberInput source="messagingPerAccountDaily" validate={messagingCapError("messagingPerAccountDaily")} step={1} min={1} />
          <NumberInput source="messagingShopDaily" validate={messagingCapError("messagingShopDaily")} step={1} min={1} />
          <Typography variant="h6" sx={{ mt: 2 }}>
            {translate("loja.settings.alerts")}
          </Typography>
          <ArrayInput source="staffAlertEmails" helperText={translate("loja.settings.alerts_help")}>
            <SimpleFormIterator inline disableReordering disableClear>
              <TextInput source="value" label={false} type="email" validate={[required(), email(), maxLength(254)]} />
            </SimpleFormIterator>
          </ArrayInput>
          <CurrentPasswordInput />
        </SimpleForm>
        <SettingsChanges />
      </Edit>
    </CanAccess>
  );
}
