/** The server state of /manager/drivers: the company's drivers, its pending invitations and their changes. */
import { authRoutes, companyDriverRoutes } from '@logi/contract';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';

export const MANAGER_DRIVERS_KEY = ['manager-drivers'] as const;
/** Lists: default page 1, limit 10 (spec §9). */
export const LIST_LIMIT = 10;

export const companyDriversQuery = (page: number) =>
  queryOptions({
    queryKey: [...MANAGER_DRIVERS_KEY, 'drivers', page],
    queryFn: ({ signal }) => api.call(companyDriverRoutes.list, { query: { page, limit: LIST_LIMIT } }, { signal }),
    placeholderData: keepPreviousData,
  });

export const invitationsQuery = (page: number) =>
  queryOptions({
    queryKey: [...MANAGER_DRIVERS_KEY, 'invitations', page],
    queryFn: ({ signal }) => api.call(companyDriverRoutes.invitations, { query: { page, limit: LIST_LIMIT } }, { signal }),
    placeholderData: keepPreviousData,
  });

/** A change to the company's drivers or invitations: both lists refetch (awaited, so a dialog closes on fresh data). */
function useCompanyMutation<V, R>(call: (variables: V) => Promise<R>, options: { errorToast?: boolean } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    meta: { errorToast: options.errorToast ?? true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: MANAGER_DRIVERS_KEY }),
  });
}

/** The form shows the server's answer under the field, not as a toast. */
export const useInviteDriver = () =>
  useCompanyMutation((email: string) => api.call(authRoutes.driverInvite, { body: { email } }), { errorToast: false });

export const useRemoveDriver = () =>
  useCompanyMutation((driverId: string) => api.call(companyDriverRoutes.remove, { params: { driverId } }));

export const useResendInvitation = () =>
  useCompanyMutation((invitationId: string) => api.call(companyDriverRoutes.resendInvitation, { params: { invitationId } }));

export const useRevokeInvitation = () =>
  useCompanyMutation((invitationId: string) => api.call(companyDriverRoutes.revokeInvitation, { params: { invitationId } }));
