import { useQueryClient } from '@tanstack/react-query';
import { invalidateClass } from '../api/class-api.ts';
import { useConfirmedAction } from './use-confirmed-action.ts';

/** A settings action on one class (`useConfirmedAction`); the class reloads either way. */
export const useClassAction = (classId: string) => {
  const queryClient = useQueryClient();
  return useConfirmedAction(() => invalidateClass(queryClient, classId));
};
