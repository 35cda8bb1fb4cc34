/** A catalogue or manifest request that failed: the status (0 for a network failure) and the URL. */
export class RequestError extends Error {
  readonly status: number;
  readonly url: string;
  /** The response body, for error reports (SPEC.md section 1: HTTP errors attach it). */
  readonly body: string;

  constructor(url: string, status: number, body: string) {
    super(status === 0 ? `Request to ${url} failed` : `Request to ${url} answered ${status}`);
    this.name = 'RequestError';
    this.url = url;
    this.status = status;
    this.body = body;
  }
}
