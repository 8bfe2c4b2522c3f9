import pino from "pino";
import { env } from "../env.server";

/** One structured logger for the process; request logs carry the request id as `reqId`. */
export const logger = pino({
  level: env().LOG_LEVEL,
  base: undefined,
  redact: ["req.headers.cookie", "req.headers.authorization", "password", "*.password"],
});
