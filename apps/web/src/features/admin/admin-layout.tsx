import { Box, Button, Group, ScrollArea, Stack } from '@mantine/core';
import { Link, Outlet, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '../../config/paths.ts';
import { useSession } from '../../lib/session-store.ts';
import { adminSectionsFor, type AdminSection } from './admin-access.ts';

const SECTION_PATHS: Record<AdminSection, { to: string; prefix: string }> = {
  customers: { to: paths.adminCustomers.to(), prefix: '/admin/customers' },
  schools: { to: paths.adminSchools.to(), prefix: '/admin/schools' },
  users: { to: paths.adminUsers.to(), prefix: '/admin/users' },
  bulk: { to: paths.adminUsersBulk.to(), prefix: '/admin/users/bulk' },
  audit: { to: paths.adminAudit.to(), prefix: '/admin/audit' },
};

/** The section of a path: the longest matching prefix wins (bulk upload lives under users). */
export const sectionOf = (pathname: string, sections: readonly AdminSection[]): AdminSection | undefined =>
  [...sections]
    .filter((s) => pathname === SECTION_PATHS[s].prefix || pathname.startsWith(`${SECTION_PATHS[s].prefix}/`))
    .sort((a, b) => SECTION_PATHS[b].prefix.length - SECTION_PATHS[a].prefix.length)[0];

/** The administration frame: a row of section links (scrolls sideways on phones) above the page. */
export const AdminLayout = () => {
  const { t } = useTranslation('admin');
  const { pathname } = useLocation();
  const roleId = useSession((s) => s.profile?.roleId ?? 0);
  const sections = adminSectionsFor(roleId);
  const current = sectionOf(pathname, sections);
  return (
    <Stack gap="md">
      <Box component="nav" aria-label={t('sections.label')}>
        <ScrollArea type="auto" offsetScrollbars="x">
          <Group gap="xs" wrap="nowrap" pb={4}>
            {sections.map((s) => (
              <Button
                key={s}
                component={Link}
                to={SECTION_PATHS[s].to}
                size="sm"
                variant={s === current ? 'filled' : 'default'}
                style={{ flexShrink: 0 }}
                aria-current={s === current ? 'page' : undefined}
              >
                {t(`sections.${s}`)}
              </Button>
            ))}
          </Group>
        </ScrollArea>
      </Box>
      <Outlet />
    </Stack>
  );
};
