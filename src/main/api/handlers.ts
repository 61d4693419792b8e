// The shape of the implementation: one function per method of the contract, typed from the
// table, so a missing or misspelt handler is a compile error.

import type { MethodName, ParamsOf, ResultOf } from '../../shared/api';

export type ApiHandlers = {
  [M in MethodName]: (params: ParamsOf<M>) => ResultOf<M> | Promise<ResultOf<M>>;
};

export type HandlersFor<K extends MethodName> = Pick<ApiHandlers, K>;
