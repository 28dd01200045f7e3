// The driver's cash of the day (docs/product/pay-on-delivery.md#the-drivers-cash-of-the-day): money taken at the door
// on a Luanda day, cash and TPA apart, by who recorded it, so the cash brought back can be counted against it.
import { useEffect, useState } from "react";
import { Title } from "react-admin";
import { Card, CardContent, Stack, TextField, Typography } from "@mui/material";
import type { DoorCashReply } from "../../server/schemas/pay-on-delivery.ts";
import { formatKz } from "../../shared/money.ts";
import { apiFetch } from "../lib/http.ts";

const today = () => new Date(Date.now() + 3_600_000).toISOString().slice(0, 10);

export function DoorCash() {
  const [day, setDay] = useState(today());
  const [cash, setCash] = useState<DoorCashReply | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    setError(null);
    apiFetch<DoorCashReply>(`/door-cash?day=${encodeURIComponent(day)}`).then(setCash, (e: unknown) =>
      setError(e instanceof Error ? e.message : "Erro"),
    );
  }, [day]);
  return (
    <Card sx={{ mt: 2 }} data-testid="door-cash">
      <Title title="Caixa do dia (pagamento na entrega)" />
      <CardContent>
        <Stack spacing={2}>
          <TextField
            type="date"
            label="Dia"
            value={day}
            onChange={(e) => setDay(e.target.value)}
            slotProps={{ inputLabel: { shrink: true } }}
          />
          {error && <Typography color="error">{error}</Typography>}
          {cash && (
            <>
              <Typography variant="h6">
                Numerário {formatKz(cash.cash)} · TPA {formatKz(cash.tpa)} · Total {formatKz(cash.total)}
              </Typography>
              {cash.byStaff.length === 0 && <Typography color="text.secondary">Nenhum pagamento na entrega neste dia.</Typography>}
              {cash.byStaff.map((person) => (
                <div key={person.staffId ?? person.name}>
                  <Typography sx={{ fontWeight: 600 }}>
                    {person.name}: numerário {formatKz(person.cash)}, TPA {formatKz(person.tpa)}
                  </Typography>
                  {person.payments.map((p) => (
                    <Typography key={p.id} variant="body2">
                      #{p.shortId} · {formatKz(p.amount)} · {p.method === "tpa" ? "TPA" : "Numerário"}
                    </Typography>
                  ))}
                </div>
              ))}
            </>
          )}
        </Stack>
      </CardContent>
    </Card>
  );
}
