import { API_BASE, type ApiRoute, fillPath } from '@taxrecon/contracts';
import type { z } from 'zod';
import { API_TIMEOUT_MS, ApiError, apiErrorOf, followSessionSignals, SYSTEM_ERROR } from './client.ts';
import { getToken } from './session.ts';

type Schema = z.ZodType;

// Sends a multipart form (files in the field `files`) to an upload route. It uses
// XMLHttpRequest rather than fetch because only XHR reports upload progress.
// Errors are the same ApiError values `call` throws.
export function upload<R extends Schema>(
  route: Pick<ApiRoute, 'method' | 'path'> & { response: R },
  form: FormData,
  onProgress?: (percent: number) => void,
  params?: Record<string, string>,
): Promise<z.output<R>> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(route.method, `${API_BASE}${fillPath(route.path, params)}`);
    xhr.timeout = API_TIMEOUT_MS;
    xhr.setRequestHeader('Accept', 'application/json');
    const token = getToken();
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && onProgress) onProgress(Math.round((event.loaded / event.total) * 100));
    };
    xhr.onerror = () => reject(new ApiError(0, 'network', SYSTEM_ERROR));
    xhr.ontimeout = () => reject(new ApiError(0, 'network', 'Timed out'));
    xhr.onload = () => {
      followSessionSignals(xhr.status, xhr.getResponseHeader('x-change-password') === 'true');
      if (xhr.status < 200 || xhr.status >= 300) {
        reject(apiErrorOf(xhr.status, xhr.responseText, xhr.statusText));
        return;
      }
      let json: unknown;
      try {
        json = xhr.responseText ? JSON.parse(xhr.responseText) : {};
      } catch {
        json = undefined;
      }
      const parsed = route.response.safeParse(json);
      if (parsed.success) resolve(parsed.data);
      else reject(new ApiError(xhr.status, 'bad_response', 'Unexpected answer from the server'));
    };
    xhr.send(form);
  });
}
