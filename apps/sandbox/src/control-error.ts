/** A rejected control API call (`/_sandbox/...`), answered as `{ error: { message } }`. */
export class ControlError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'ControlError';
  }
}
