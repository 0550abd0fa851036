import { Stack } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ROLE } from '@klase/core/roles';
import { EmptyState } from '../../components/empty-state.tsx';
import { PageHeading } from '../../components/page-heading.tsx';
import { useSession } from '../../lib/session-store.ts';
import { ClassSelect } from './class-select.tsx';
import { ClassReports, REPORT_TABS, type ReportTab } from './class-reports.tsx';

const tabOf = (value: string | null): ReportTab => ((REPORT_TABS as readonly string[]).includes(value ?? '') ? (value as ReportTab) : 'class');

/**
 * `#/reports` (issue 21): pick a class, then its class, material and student reports, charts and
 * at-risk students. The class and the tab are in the address, so a reload or a shared link keeps them.
 */
export const ReportsPage = () => {
  const { t } = useTranslation('reports');
  const roleId = useSession((s) => s.profile?.roleId ?? 0);
  const [search, setSearch] = useSearchParams();
  const classId = search.get('classId') ?? '';
  const tab = tabOf(search.get('tab'));
  const withSchool = roleId === ROLE.schoolAdmin || roleId === ROLE.lsg;

  const go = (next: { classId: string; tab: ReportTab }) => {
    const params = new URLSearchParams({ classId: next.classId });
    if (next.tab !== 'class') params.set('tab', next.tab);
    setSearch(params);
  };

  return (
    <Stack gap="md">
      <PageHeading />
      <ClassSelect value={classId} withSchool={withSchool} onChange={(row) => go({ classId: row.id, tab })} />
      {classId ? (
        <ClassReports key={classId} classId={classId} tab={tab} roleId={roleId} onTab={(next) => go({ classId, tab: next })} />
      ) : (
        <EmptyState text={t('pickClass')} />
      )}
    </Stack>
  );
};
