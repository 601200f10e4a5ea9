-- A solved captcha is spent once: its signature is kept until the challenge
-- expires, so the same solution cannot send a second registration e-mail.
CREATE TABLE spent_captchas (
  signature text PRIMARY KEY,
  expires_at timestamptz NOT NULL
);
CREATE INDEX spent_captchas_expires_idx ON spent_captchas (expires_at);

-- A newer link, or a completed reset, voids every earlier link of that login;
-- kept apart from used_at so the person is told why the old link stopped working.
ALTER TABLE pending_links ADD COLUMN replaced_at timestamptz;
