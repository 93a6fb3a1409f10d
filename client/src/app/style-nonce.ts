/**
 * The style nonce the server put in this page (server/operations/security-headers.ts): PrimeReact stamps the `<style>`
 * elements it creates with it, so the Content-Security-Policy lets them in without `'unsafe-inline'`. The value is read
 * from the element's `nonce` property (the browser hides the attribute). Absent under the Vite dev server and in tests.
 */
export const styleNonce = (doc: Document = document): string | undefined =>
  doc.querySelector<HTMLMetaElement>('meta[property="csp-nonce"]')?.nonce || undefined;
