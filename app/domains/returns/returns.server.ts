// The returns domain's public door (ARCHITECTURE.md "Boundaries"): other folders import only this file (and
// the client-safe `rules.ts`, `transitions.ts`, `validation.ts`). The work is split by job: asking for a
// return or withdrawing, staff's receipt, inspection and refund, reading.

export { findReturns, openReturnCount } from "./backoffice.server";
export { cancelOverdueReturns, cancelOverdueReturnsJob } from "./expire.server";
export { inspectReturnLine, receiveReturn, refundReturn } from "./inspect.server";
export { isReturnLabelKey, returnLabelPath, returnLabelPdf } from "./label.server";
export { type ReturnOptions, returnOptions } from "./options.server";
export { type Requester, requestReturn, withdrawalDraft, withdrawFromOrder } from "./request.server";
export type { ReturnStatus } from "./tables.server";
export {
  type ReturnDetail,
  type ReturnView,
  returnByNumber,
  returnQrSvg,
  returnsOfCustomer,
  toReturnView,
} from "./views.server";
