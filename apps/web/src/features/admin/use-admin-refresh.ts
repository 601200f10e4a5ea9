import { useQueryClient } from '@tanstack/react-query';
import { platformRoutes } from '@taxrecon/contracts';
import { apiKey } from '../../api/hooks.ts';

// After an administrative change: the admin tables and the top bar's entity list.
export function useAdminRefresh() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all(
      [
        platformRoutes.legalEntities,
        platformRoutes.usersByTenant,
        platformRoutes.entities,
        platformRoutes.me,
      ].map((route) => queryClient.invalidateQueries({ queryKey: apiKey(route) })),
    );
}
