import { useMutation, type MutateOptions, type UseMutationOptions, type UseMutationResult } from '@tanstack/react-query';
import { newIdempotencyKey } from '@tradepad/contracts/idempotency';
import { useCallback } from 'react';

/**
 * One Idempotency-Key per user action (DESIGN §10). The calls that create or move something (an order, a close, a
 * withdrawal, …) carry a key the server uses to run them once: a repeat of the key replays the first answer. The key
 * is made when the user taps (each `mutate`), travels with that action's variables, and so is the same for every
 * automatic retry or resumption of that action by the query library; the next tap is a new action with a new key.
 */

/** A fresh key: a random UUID (the contracts' key helper, which works on a page served over plain http too). */
export const newActionKey = (): string => newIdempotencyKey();

/** A user action: what the user asked for and the key made when they tapped. */
export interface Action<TVariables> {
  readonly variables: TVariables;
  readonly key: string;
}

/** The action of one tap: a new key. */
export const actionOf = <TVariables>(variables: TVariables): Action<TVariables> => ({ variables, key: newActionKey() });

/** Mutation options whose function gets the action's key beside its variables. */
export type ActionMutationOptions<TData, TError, TVariables, TContext> = Omit<
  UseMutationOptions<TData, TError, TVariables, TContext>,
  'mutationFn'
> & {
  mutationFn: (variables: TVariables, idempotencyKey: string) => Promise<TData>;
};

/**
 * The options of a mutation over actions, from options over plain variables: the function gets the action's key,
 * the callbacks see the variables as the caller gave them.
 */
export function actionMutationOptions<TData, TError, TVariables, TContext>(
  options: ActionMutationOptions<TData, TError, TVariables, TContext>,
): UseMutationOptions<TData, TError, Action<TVariables>, TContext> {
  const { mutationFn, onMutate, onSuccess, onError, onSettled, ...rest } = options;
  return {
    ...rest,
    mutationFn: (action) => mutationFn(action.variables, action.key),
    ...(onMutate && { onMutate: (action, ctx) => onMutate(action.variables, ctx) }),
    ...(onSuccess && { onSuccess: (data, action, r, ctx) => onSuccess(data, action.variables, r, ctx) }),
    ...(onError && { onError: (error, action, r, ctx) => onError(error, action.variables, r, ctx) }),
    ...(onSettled && { onSettled: (data, error, action, r, ctx) => onSettled(data, error, action.variables, r, ctx) }),
  };
}

function callOptions<TData, TError, TVariables, TContext>(
  options: MutateOptions<TData, TError, TVariables, TContext> | undefined,
): MutateOptions<TData, TError, Action<TVariables>, TContext> | undefined {
  if (!options) return undefined;
  const { onSuccess, onError, onSettled } = options;
  return {
    ...(onSuccess && { onSuccess: (data, action, r, ctx) => onSuccess(data, action.variables, r, ctx) }),
    ...(onError && { onError: (error, action, r, ctx) => onError(error, action.variables, r, ctx) }),
    ...(onSettled && { onSettled: (data, error, action, r, ctx) => onSettled(data, error, action.variables, r, ctx) }),
  };
}

/**
 * `useMutation` for a user action that creates or moves something: used exactly like `useMutation` (same `mutate`,
 * `mutateAsync`, `variables`), but each `mutate` makes a new Idempotency-Key, handed to `mutationFn` as its second
 * argument for the HTTP client's `idempotencyKey` option.
 */
export function useActionMutation<TData = unknown, TError = Error, TVariables = void, TContext = unknown>(
  options: ActionMutationOptions<TData, TError, TVariables, TContext>,
): UseMutationResult<TData, TError, TVariables, TContext> {
  const mutation = useMutation(actionMutationOptions(options));
  const { mutate: mutateAction, mutateAsync: mutateActionAsync } = mutation;
  const mutate = useCallback(
    (variables: TVariables, opts?: MutateOptions<TData, TError, TVariables, TContext>) =>
      mutateAction(actionOf(variables), callOptions(opts)),
    [mutateAction],
  );
  const mutateAsync = useCallback(
    (variables: TVariables, opts?: MutateOptions<TData, TError, TVariables, TContext>) =>
      mutateActionAsync(actionOf(variables), callOptions(opts)),
    [mutateActionAsync],
  );
  const variables = mutation.variables?.variables;
  return { ...mutation, variables, mutate, mutateAsync } as UseMutationResult<TData, TError, TVariables, TContext>;
}
