// The shape of the implementation: one function per method of the contract, typed from the
// table, so a missing or misspelt handler is a compile error.

import type { MethodName, ParamsOf, ResultOf } from '../../shared/api';
import type { BotCommand } from '../bots/spec';

/** What a transport knows about one call besides its params. */
export interface ApiCall {
  /** Aborts when the caller has gone (an HTTP client that closed its request): stop its job. */
  signal?: AbortSignal;
  /**
   * The call comes from the user's own side of this computer: the desktop app's window (the IPC
   * transport) or the command line in its own process. It may start programs on this computer
   * (a simulation's bots), which no other transport may.
   */
  desktop?: boolean;
  /**
   * What only a caller in this process passes (the command line): no transport sets it. A bot
   * that places the hidden fleets, and the bots' time limit per answer.
   */
  localBots?: { placer: BotCommand | null; botTimeoutMs: number };
}

export type ApiHandlers = {
  [M in MethodName]: (params: ParamsOf<M>, call: ApiCall) => ResultOf<M> | Promise<ResultOf<M>>;
};

export type HandlersFor<K extends MethodName> = Pick<ApiHandlers, K>;

/** A signal that aborts when either does (a keyed job's and the call's). */
export function eitherSignal(a?: AbortSignal, b?: AbortSignal): AbortSignal | undefined {
  return a && b ? AbortSignal.any([a, b]) : (a ?? b);
}
