import { ingestRoutes } from '@taxrecon/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './client.ts';
import { upload } from './upload.ts';

// A stand-in XMLHttpRequest that answers with the given status and body.
const fakeXhr = (status: number, body: unknown) => {
  const sent: { method?: string; url?: string; headers: Record<string, string> } = { headers: {} };
  class FakeXhr {
    status = status;
    statusText = '';
    responseText = JSON.stringify(body);
    timeout = 0;
    upload: { onprogress?: (e: { lengthComputable: boolean; loaded: number; total: number }) => void } = {};
    onload?: () => void;
    onerror?: () => void;
    ontimeout?: () => void;
    open(method: string, url: string) {
      sent.method = method;
      sent.url = url;
    }
    setRequestHeader(name: string, value: string) {
      sent.headers[name] = value;
    }
    getResponseHeader() {
      return null;
    }
    send() {
      this.upload.onprogress?.({ lengthComputable: true, loaded: 50, total: 100 });
      this.onload?.();
    }
  }
  return { FakeXhr, sent };
};

describe('upload', () => {
  beforeEach(() => {
    vi.stubGlobal('window', { location: { hash: '#/' }, localStorage: { getItem: () => 'tok-9' } });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('sends the form with the bearer token, reports progress and returns the validated answer', async () => {
    const answer = { message: 'received', jobId: 'j-1', validationErrorsCount: null, error: null };
    const { FakeXhr, sent } = fakeXhr(200, answer);
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const progress: number[] = [];
    await expect(upload(ingestRoutes.uploadSales, new FormData(), (p) => progress.push(p))).resolves.toEqual(
      answer,
    );
    expect(sent).toMatchObject({ method: 'PUT', url: '/taxrecon/api/v1/ingest/sales-register' });
    expect(sent.headers.Authorization).toBe('Bearer tok-9');
    expect(progress).toEqual([50]);
  });

  it('turns a refused upload into an ApiError with the server code and message', async () => {
    const { FakeXhr } = fakeXhr(409, { code: 'DUPLICATE_FILE', message: 'already loaded' });
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const error = await upload(ingestRoutes.upload26as, new FormData()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 409, code: 'DUPLICATE_FILE', message: 'already loaded' });
  });
});
