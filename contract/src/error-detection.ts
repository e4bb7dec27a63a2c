/** What a client saw of an HTTP answer. */
export interface ResponseSnapshot {
  status: number;
  statusText: string;
  contentType: string | null;
  body: unknown;
}

function findNestedError(value: unknown, depth = 0): string | undefined {
  if (depth > 16 || value === null || typeof value !== 'object') return undefined;
  if (!Array.isArray(value) && 'error' in value) {
    const error = (value as { error: unknown }).error;
    if (typeof error === 'string' && error !== '') return error;
    if (error && typeof error === 'object' && 'message' in error) return String(error.message);
  }
  for (const child of Object.values(value)) {
    const found = findNestedError(child, depth + 1);
    if (found) return found;
  }
  return undefined;
}

/**
 * The seed's error detection, in its order: an HTML answer; a body with an `error` field;
 * status 400 or higher (the body's `location`, else the status text); any nested `error`.
 * Returns undefined for a success.
 */
export function detectError(response: ResponseSnapshot): string | undefined {
  const { body } = response;
  const isHtml = (response.contentType ?? '').includes('text/html') || (typeof body === 'string' && /^\s*<(!doctype|html)/i.test(body));
  if (isHtml) return 'HTML response';
  const record = body !== null && typeof body === 'object' ? (body as Record<string, unknown>) : undefined;
  if (record?.error) return typeof record.error === 'string' ? record.error : JSON.stringify(record.error);
  if (response.status >= 400) {
    const location = record?.location;
    return typeof location === 'string' && location !== '' ? location : response.statusText || String(response.status);
  }
  return findNestedError(body);
}
