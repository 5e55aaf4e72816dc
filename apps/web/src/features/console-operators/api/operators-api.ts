import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  adminPaths,
  type OperatorChangeBody,
  type OperatorData,
  type OperatorInviteBody,
  type OperatorLinkAcceptData,
  type OperatorLinkData,
  type OperatorLinkInfoData,
  type OperatorListData,
  type OperatorSecurityData,
  type RecoveryCodesData,
  type TotpSetupData,
} from '@snapdrama/contract';
import { adminPath, consoleApi } from '../../../shared/console/console-api';

const operatorsKey = ['console', 'operators'] as const;
const securityKey = ['console', 'account', 'security'] as const;

export const operatorsQuery = queryOptions({
  queryKey: operatorsKey,
  queryFn: () => consoleApi.get<OperatorListData>(adminPath(adminPaths.operators())),
});
export const useOperators = () => useQuery(operatorsQuery);

/** Admin mutations of operators: each refreshes the list. */
export function useOperatorMutations() {
  const queryClient = useQueryClient();
  const onSuccess = () => queryClient.invalidateQueries({ queryKey: operatorsKey });
  return {
    invite: useMutation({
      mutationFn: (body: OperatorInviteBody) =>
        consoleApi.post<OperatorLinkData>(adminPath(adminPaths.operatorInvites()), body),
      onSuccess,
    }),
    change: useMutation({
      mutationFn: (input: { operatorId: string; body: OperatorChangeBody }) =>
        consoleApi.patch<OperatorData>(
          adminPath(adminPaths.operator(input.operatorId)),
          input.body,
        ),
      onSuccess,
    }),
    link: useMutation({
      mutationFn: (operatorId: string) =>
        consoleApi.post<OperatorLinkData>(adminPath(adminPaths.operatorLink(operatorId))),
      onSuccess,
    }),
  };
}

export const securityQuery = queryOptions({
  queryKey: securityKey,
  queryFn: () => consoleApi.get<OperatorSecurityData>(adminPath(adminPaths.accountSecurity())),
});
export const useSecurity = () => useQuery(securityQuery);

/** The signed-in operator's own account: password, TOTP, recovery codes. */
export function useAccountMutations() {
  const queryClient = useQueryClient();
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: securityKey }),
      queryClient.invalidateQueries({ queryKey: ['console', 'me'] }),
    ]);
  return {
    changePassword: useMutation({
      mutationFn: (body: { currentPassword: string; newPassword: string }) =>
        consoleApi.put<null>(adminPath(adminPaths.accountPassword()), body),
    }),
    startTotp: useMutation({
      mutationFn: () => consoleApi.post<TotpSetupData>(adminPath(adminPaths.totpSetup())),
    }),
    confirmTotp: useMutation({
      mutationFn: (totp: string) =>
        consoleApi.post<RecoveryCodesData>(adminPath(adminPaths.totpConfirm()), { totp }),
      onSuccess: refresh,
    }),
    turnOffTotp: useMutation({
      mutationFn: (currentPassword: string) =>
        consoleApi.post<null>(adminPath(adminPaths.totpOff()), { currentPassword }),
      onSuccess: refresh,
    }),
    renewCodes: useMutation({
      mutationFn: (currentPassword: string) =>
        consoleApi.post<RecoveryCodesData>(adminPath(adminPaths.recoveryCodes()), {
          currentPassword,
        }),
      onSuccess: refresh,
    }),
  };
}

/** The holder of an invite or reset link (not signed in). */
export const linkInfo = (token: string) =>
  consoleApi.post<OperatorLinkInfoData>(adminPath(adminPaths.linkInfo()), { token });
export const acceptLink = (token: string, password: string) =>
  consoleApi.post<OperatorLinkAcceptData>(adminPath(adminPaths.linkAccept()), { token, password });
