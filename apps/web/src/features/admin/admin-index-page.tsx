import { Navigate } from 'react-router';
import { paths } from '../../config/paths.ts';
import { PageLoader } from '../../components/page-loader.tsx';
import { useSession } from '../../lib/session-store.ts';
import { isPlatformAdmin, isSchoolAdmin } from './admin-access.ts';

/**
 * `#/admin`: platform administrators start at the customers, a school administrator lands on
 * their own school, the lsg role on the schools of its customer.
 */
export const AdminIndexPage = () => {
  const profile = useSession((s) => s.profile);
  if (!profile) return <PageLoader />;
  if (isPlatformAdmin(profile.roleId)) return <Navigate to={paths.adminCustomers.to()} replace />;
  if (isSchoolAdmin(profile.roleId) && profile.schoolId) return <Navigate to={paths.adminSchool.to(profile.schoolId)} replace />;
  return <Navigate to={paths.adminSchools.to()} replace />;
};
