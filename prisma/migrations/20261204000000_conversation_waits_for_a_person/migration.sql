-- A conversation waits for a person's answer (issue 45, docs/product/chat.md#the-staff-side): the shop's automatic
-- messages (sender 'shop': status changes, payments, reminders) never answer it. "conversations"."last_sender" is
-- now the sender of the last message written by a person ('client' or 'support'); it is 'shop' only while the shop
-- alone has written. last_message_at still follows every message (the inbox sorts by the latest activity).
CREATE OR REPLACE FUNCTION loja_conversation_on_message() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO conversations AS c (order_id, last_message_at, last_sender, message_count, unread_by_support)
      VALUES (NEW.order_id, NEW.created_at, NEW.sender, 1, CASE WHEN NEW.sender = 'client' AND NEW.read_by_support_at IS NULL THEN 1 ELSE 0 END)
    ON CONFLICT (order_id) DO UPDATE SET
      last_sender = CASE
        -- The shop's own line answers nothing: who spoke last stays who it was (unless nobody had but the shop).
        WHEN EXCLUDED.last_sender = 'shop' AND c.last_sender <> 'shop' THEN c.last_sender
        WHEN EXCLUDED.last_message_at >= c.last_message_at OR c.last_sender = 'shop' THEN EXCLUDED.last_sender
        ELSE c.last_sender END,
      last_message_at = greatest(c.last_message_at, EXCLUDED.last_message_at),
      message_count = c.message_count + 1,
      unread_by_support = c.unread_by_support + EXCLUDED.unread_by_support;
    RETURN NEW;
  ELSIF TG_OP = 'UPDATE' THEN
    IF OLD.sender = 'client' AND (OLD.read_by_support_at IS NULL) <> (NEW.read_by_support_at IS NULL) THEN
      UPDATE conversations SET unread_by_support = greatest(0, unread_by_support + CASE WHEN NEW.read_by_support_at IS NULL THEN 1 ELSE -1 END)
        WHERE order_id = NEW.order_id;
    END IF;
    RETURN NEW;
  ELSE
    UPDATE conversations SET message_count = greatest(0, message_count - 1),
      unread_by_support = greatest(0, unread_by_support - CASE WHEN OLD.sender = 'client' AND OLD.read_by_support_at IS NULL THEN 1 ELSE 0 END)
      WHERE order_id = OLD.order_id;
    RETURN OLD;
  END IF;
END $$;

-- Conversations where an automatic line came after the last person's message: who that person was.
UPDATE conversations c SET last_sender = p.sender
FROM (
  SELECT DISTINCT ON (m.order_id) m.order_id, m.sender
  FROM messages m WHERE m.sender <> 'shop'
  ORDER BY m.order_id, m.created_at DESC, m.id DESC
) p
WHERE p.order_id = c.order_id AND c.last_sender <> p.sender;
