import {
  Alert,
  Anchor,
  Button,
  Checkbox,
  Group,
  Modal,
  PasswordInput,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { platformRoutes } from '@taxrecon/contracts';
import { type KeyboardEvent, useRef, useState } from 'react';
import { Link } from 'react-router';
import { call } from '../../api/client.ts';
import { AltchaField, type AltchaHandle } from './AltchaField.tsx';
import { AuthCard } from './AuthCard.tsx';
import { VersionLine } from './BuildInfo.tsx';
import { REGISTER_FIELDS, type RegisterValues, registerRules, registrationBody } from './register-rules.ts';
import { TermsDialog } from './TermsDialog.tsx';

export const ALREADY_REGISTERED = 'This user is already registered. Please sign in or reset your password.';
export const LINK_SENT = 'A verification link was sent to your email address';
export const LINK_NOT_SENT = "Couldn't send a verification link, check your user id.";
export const RESEND_QUESTION =
  'The confirmation link has already been sent to your email . Do you want to send again?';

type Result = { ok: boolean; text: string } | null;

export function RegisterPage() {
  const form = useForm<RegisterValues>({
    initialValues: { companyName: '', fname: '', phoneNumber: '', userName: '', password: '' },
    validate: registerRules,
  });
  const [captcha, setCaptcha] = useState<string | null>(null);
  const [agreed, setAgreed] = useState(false);
  const [termsOpen, setTermsOpen] = useState(false);
  const [resendOpen, setResendOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<Result>(null);
  const altcha = useRef<AltchaHandle>(null);
  const inputs = useRef<Partial<Record<keyof RegisterValues, HTMLInputElement | null>>>({});

  const onCaptcha = (payload: string | null) => {
    setCaptcha(payload);
    if (!payload) setAgreed(false);
  };

  // Enter moves to the next field rather than submitting half a form.
  const nextOnEnter = (field: keyof RegisterValues) => (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    const next = REGISTER_FIELDS[REGISTER_FIELDS.indexOf(field) + 1];
    if (!next) return;
    event.preventDefault();
    inputs.current[next]?.focus();
  };

  const field = (name: keyof RegisterValues) => ({
    ...form.getInputProps(name),
    ref: (el: HTMLInputElement | null) => {
      inputs.current[name] = el;
    },
    onKeyDown: nextOnEnter(name),
    'data-testid': `register-${name}`,
    required: true,
  });

  const sendLink = async () => {
    setResendOpen(false);
    if (!captcha) return;
    setBusy(true);
    try {
      const values = form.getValues();
      await call(platformRoutes.generateRegistrationLink, {
        params: { userName: values.userName.trim().toLowerCase() },
        body: registrationBody(values, captcha),
      });
      setResult({ ok: true, text: LINK_SENT });
    } catch {
      setResult({ ok: false, text: LINK_NOT_SENT });
    } finally {
      // a captcha solution is good for one request
      altcha.current?.reset();
      setBusy(false);
    }
  };

  const submit = form.onSubmit(async (values) => {
    setResult(null);
    const userName = values.userName.trim().toLowerCase();
    setBusy(true);
    try {
      const free = await call(platformRoutes.checkUserExist, { params: { userName } });
      if (!free.data) {
        setResult({ ok: false, text: ALREADY_REGISTERED });
        return;
      }
      const pending = await call(platformRoutes.checkUserSession, { params: { userName } });
      if (pending.data) setResendOpen(true);
      else await sendLink();
    } catch (error) {
      console.error('registration check failed', error);
    } finally {
      setBusy(false);
    }
  });

  return (
    <AuthCard title="Register" subtitle="Create a TaxRecon account for the utilities" width={480}>
      <form onSubmit={submit} aria-label="Register" noValidate>
        <Stack gap="sm">
          <TextInput label="Company Name" autoComplete="organization" {...field('companyName')} autoFocus />
          <TextInput label="Your Name" autoComplete="name" {...field('fname')} />
          <TextInput
            label="Mobile Number"
            type="tel"
            autoComplete="tel-national"
            maxLength={10}
            {...field('phoneNumber')}
          />
          <TextInput
            label="Email Address/Username"
            type="email"
            autoComplete="email"
            {...field('userName')}
          />
          <PasswordInput label="Password" autoComplete="new-password" {...field('password')} />
          <AltchaField ref={altcha} onChange={onCaptcha} />
          <Checkbox
            checked={agreed}
            disabled={!captcha}
            onChange={(e) => setAgreed(e.currentTarget.checked)}
            data-testid="register-terms"
            label={
              <>
                I agree to{' '}
                <Anchor
                  component="button"
                  type="button"
                  size="sm"
                  onClick={() => setTermsOpen(true)}
                  data-testid="register-terms-link"
                >
                  terms and conditions
                </Anchor>
              </>
            }
          />
          {result && (
            <Alert color={result.ok ? 'green' : 'red'} data-testid="register-result">
              {result.text}
            </Alert>
          )}
          <Button
            type="submit"
            disabled={!agreed || !captcha}
            loading={busy}
            fullWidth
            data-testid="register-submit"
          >
            Register
          </Button>
          <Text size="sm" ta="center">
            Already registered?{' '}
            <Anchor component={Link} to="/login" data-testid="register-login-link">
              Login
            </Anchor>
          </Text>
        </Stack>
      </form>
      <VersionLine />
      <TermsDialog opened={termsOpen} onClose={() => setTermsOpen(false)} />
      <Modal
        opened={resendOpen}
        onClose={() => setResendOpen(false)}
        title="Registration"
        size={450}
        centered
      >
        <Text size="sm" data-testid="resend-question">
          {RESEND_QUESTION}
        </Text>
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={() => setResendOpen(false)} data-testid="resend-no">
            No
          </Button>
          <Button onClick={sendLink} data-testid="resend-yes">
            Yes
          </Button>
        </Group>
      </Modal>
    </AuthCard>
  );
}
