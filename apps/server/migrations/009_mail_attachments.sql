-- Mail may carry files (a customer's transactions, a Form 16A, a converted
-- 26AS). The outbox keeps their names and sizes, not their bytes: the bytes
-- stay in the file store under the keys the sending job was given.
ALTER TABLE mail_messages ADD COLUMN attachments jsonb NOT NULL DEFAULT '[]'::jsonb;
