/** A fetch `Response` with a JSON body (an empty body for `undefined`). */
export function jsonResponse(status: number, body: unknown, statusText = ''): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    statusText,
    headers: { 'Content-Type': 'application/json' },
  });
}
