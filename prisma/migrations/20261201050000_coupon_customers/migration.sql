-- "1 por cliente" counts a person, not an account (docs/product/coupons.md#one-per-customer): an earlier order is
-- the same customer's when it shares the account, the e-mail or the phone. An e-mail is compared by its key: lower
-- case, the part before the @ without dots and without a +tag (dora@, dora+2@ and D.O.R.A@ are one address), for
-- every domain — the few providers that tell dots apart lose at most one use of a code to a namesake, while the
-- trick works at every provider that ignores them or delivers +tags. googlemail.com is gmail.com. NULL when there
-- is no usable address. Phones are compared by loja_phone_digits (migration 20261127100000).
CREATE FUNCTION loja_email_key(email text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  RETURN (
    SELECT CASE WHEN parts.local <> '' AND parts.domain <> '' THEN
      parts.local || '@' || CASE parts.domain WHEN 'googlemail.com' THEN 'gmail.com' ELSE parts.domain END
    END
    FROM (
      SELECT replace(regexp_replace(substring(e FROM '^([^@]*)@[^@]*$'), '\+.*$', ''), '.', '') AS local,
             substring(e FROM '^[^@]*@([^@]*)$') AS domain
      FROM (SELECT lower(btrim(email)) AS e) AS typed
    ) AS parts
  );
