/** The spec's Api error shape: every `/api` failure answers with exactly these four fields. */
export interface ApiErrorBody {
  message: string;
  messageTranslationKey: string;
  statusCode: number;
  details: Record<string, unknown>;
}

/** A failure with a translation key from the error catalogue; thrown by domains and API handlers. */
export class ApiError extends Error {
  constructor(
    readonly statusCode: number,
    readonly messageTranslationKey: string,
    message: string,
    readonly details: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = "ApiError";
  }

  toJSON(): ApiErrorBody {
    return {
      message: this.message,
      messageTranslationKey: this.messageTranslationKey,
      statusCode: this.statusCode,
      details: this.details,
    };
  }
}

/** The catalogue of generic HTTP failures (domain-specific ones live with their domain). */
export const httpErrors = {
  badRequest: (details: Record<string, unknown> = {}) =>
    new ApiError(400, "errors.invalidInput", "The request is not valid.", details),
  malformedJson: () => new ApiError(400, "errors.malformedJson", "The request body is not valid JSON."),
  notFound: () => new ApiError(404, "errors.notFound", "This page could not be found"),
  methodNotAllowed: (allowed: string[]) =>
    new ApiError(405, "errors.methodNotAllowed", "This method is not allowed here.", { allowed }),
  payloadTooLarge: (limitBytes: number) =>
    new ApiError(413, "errors.payloadTooLarge", "The request body is too large.", { limitBytes }),
  internal: () => new ApiError(500, "errors.tryAgainLater", "Something went wrong, try again later."),
  /** The request ran out of time (docs/reliability.md): the database slow or out of reach. */
  busy: () =>
    new ApiError(503, "errors.busy", "The shop is very busy right now. Please try again in a moment."),
} as const;
