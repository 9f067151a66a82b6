/** A mistake on the command line of `verb`: the message, that verb's usage line, exit 2. */
export class UsageError extends Error {
  constructor(
    message: string,
    readonly verb?: string,
  ) {
    super(message);
    this.name = "UsageError";
  }
}
