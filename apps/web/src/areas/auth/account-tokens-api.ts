import {
  ACCOUNT_TOKEN_ERRORS,
  ACCOUNT_TOKEN_PATTERN,
  type AccountTokenInfo,
  accountTokensApi,
  type UseAccountTokenInput,
} from '@portal/contracts';
import { useMutation, useQuery } from '@tanstack/react-query';
import { apiKey, callApi } from '../../http/api-call';
import { resolveHttpError } from '../../http/error-catalogue';
import { HttpError } from '../../http/http-client';
import { useHttp } from '../../http/http-context';
import { tk } from '../../i18n/i18n';

/** Why a mail link cannot be used: spec §8 INVALID_CONFIRM_ACCOUNT, codes 105, 301 and 405. */
export type LinkProblem = keyof typeof ACCOUNT_TOKEN_ERRORS;
const LINK_PROBLEMS: readonly LinkProblem[] = ['unknown', 'expired', 'used', 'withdrawn'];

/** The link problem an API error is (400 with 105, 301 or 405), if it is one. */
export function linkProblemOf(error: unknown): LinkProblem | undefined {
  if (!(error instanceof HttpError) || error.status !== 400) return undefined;
  return LINK_PROBLEMS.find((problem) => ACCOUNT_TOKEN_ERRORS[problem] === error.code);
}

/** A token that cannot be one of the API's (a link cut short in the mail) is unknown without asking. */
export const isWellFormedToken = (token: string) => ACCOUNT_TOKEN_PATTERN.test(token);

export type AccountTokenState =
  | { status: 'valid'; info: AccountTokenInfo }
  | { status: 'invalid'; problem: LinkProblem };

/** Runs a token call; a link problem becomes the 'invalid' state, any other failure propagates. */
async function orLinkProblem<T>(
  call: () => Promise<T>,
): Promise<T | { status: 'invalid'; problem: LinkProblem }> {
  try {
    return await call();
  } catch (error) {
    const problem = linkProblemOf(error);
    if (problem) return { status: 'invalid', problem };
    throw error;
  }
}

/**
 * GET /api/account-tokens/{token}: whose link it is and how the account is made. An unknown, expired or
 * used link is a state the page shows (no toast); other failures go to the app's error handler.
 */
export function useAccountToken(token: string) {
  const http = useHttp();
  return useQuery({
    queryKey: apiKey(accountTokensApi.info, { params: { token } }),
    queryFn: ({ signal }): Promise<AccountTokenState> =>
      orLinkProblem(async () => ({
        status: 'valid' as const,
        info: await callApi(http, accountTokensApi.info, { params: { token }, signal }),
      })),
    enabled: isWellFormedToken(token),
  });
}

export type UseTokenOutcome = { status: 'done'; email: string } | { status: 'invalid'; problem: LinkProblem };

/** POST /api/account-tokens/{token}/use: creates the account (local mode: with the chosen password). */
export function useConfirmAccount(token: string) {
  const http = useHttp();
  return useMutation({
    mutationFn: (input: UseAccountTokenInput): Promise<UseTokenOutcome> =>
      orLinkProblem(async () => {
        const answer = await callApi(http, accountTokensApi.use, { params: { token }, body: input });
        return { status: 'done' as const, email: answer.email };
      }),
  });
}

/** spec §8: the message the catalogue gives the API's "registration status is completed" text. */
export const REGISTRATION_COMPLETED_MESSAGE = tk('errors.back.INVALID_RESEND_CONFIRMATION_EMAIL');

/** Whether the catalogue reads an error as the completed registration (spec §8's server text). */
function isRegistrationCompleted(error: unknown): boolean {
  return resolveHttpError(error, { online: true, production: true, hasTranslation: () => false }).some(
    (resolved) => resolved.message === REGISTRATION_COMPLETED_MESSAGE,
  );
}

export type ResendOutcome = 'sent' | 'completed';

/**
 * POST /api/account-tokens/{token}/resend: a new link by mail. A completed registration is an outcome the
 * page shows; other failures (unknown link, too many requests) go to the app's error handler.
 */
export function useResendLink(token: string) {
  const http = useHttp();
  return useMutation({
    mutationFn: async (): Promise<ResendOutcome> => {
      try {
        await callApi(http, accountTokensApi.resend, { params: { token } });
        return 'sent';
      } catch (error) {
        if (isRegistrationCompleted(error)) return 'completed';
        throw error;
      }
    },
  });
}
