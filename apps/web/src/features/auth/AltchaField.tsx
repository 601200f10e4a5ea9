import 'altcha';
import { API_BASE, platformRoutes } from '@taxrecon/contracts';
import { type Ref, useEffect, useImperativeHandle, useRef } from 'react';

export interface AltchaHandle {
  reset: () => void;
}

interface AltchaElement extends HTMLElement {
  reset?: () => void;
}

interface StateDetail {
  state?: string;
  payload?: string;
}

const detailOf = (event: Event): StateDetail =>
  event instanceof CustomEvent && typeof event.detail === 'object' && event.detail ? event.detail : {};

// The self-hosted proof-of-work captcha. Reports the solved payload (sent as the
// registration's `captcha`), or null while unsolved, expired or failed.
export function AltchaField({
  onChange,
  ref,
}: {
  onChange: (payload: string | null) => void;
  ref?: Ref<AltchaHandle>;
}) {
  const widget = useRef<AltchaElement>(null);
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;

  useImperativeHandle(ref, () => ({
    reset: () => {
      widget.current?.reset?.();
      onChangeRef.current(null);
    },
  }));

  useEffect(() => {
    const element = widget.current;
    if (!element) return;
    const listener = (event: Event) => {
      const { state, payload } = detailOf(event);
      if (state === 'verified' && payload) onChangeRef.current(payload);
      else if (state !== 'verifying') onChangeRef.current(null);
    };
    element.addEventListener('statechange', listener);
    return () => element.removeEventListener('statechange', listener);
  }, []);

  return (
    <altcha-widget
      ref={widget}
      challengeurl={`${API_BASE}${platformRoutes.captcha.path}`}
      hidefooter
      data-testid="register-captcha"
      style={{ '--altcha-max-width': '100%' }}
    />
  );
}
