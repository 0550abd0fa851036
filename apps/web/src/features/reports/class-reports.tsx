import { Stack, Tabs, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { canOpen } from '@klase/core/guards';
import { ErrorText } from '../../components/error-text.tsx';
import { AtRiskTab } from './at-risk-tab.tsx';
import { ChartsTab } from './charts-tab.tsx';
import { ClassReportTab } from './class-report-tab.tsx';
import { MaterialReportTab } from './material-report-tab.tsx';
import { ReportFiltersBar } from './report-filters.tsx';
import { useReportOptions } from './reports-api.ts';
import { StudentReportTab } from './student-report-tab.tsx';
import { useReportFilters } from './use-report-filters.ts';

export const REPORT_TABS = ['class', 'materials', 'student', 'charts', 'atRisk'] as const;
export type ReportTab = (typeof REPORT_TABS)[number];

interface ClassReportsProps {
  classId: string;
  tab: ReportTab;
  onTab: (tab: ReportTab) => void;
  roleId: number;
}

/** One class's reports: the filters (shared by the tabs but at-risk) and the report tabs. */
export const ClassReports = ({ classId, tab, onTab, roleId }: ClassReportsProps) => {
  const { t } = useTranslation('reports');
  const filters = useReportFilters(classId);
  const options = useReportOptions(classId);
  const openStudent = (studentId: string) => {
    filters.setField('studentId', studentId);
    onTab('student');
  };
  if (options.error) return <ErrorText error={options.error} />;
  return (
    <Stack gap="md">
      {tab !== 'atRisk' && <ReportFiltersBar filters={filters} options={options.data} withStudent={tab !== 'student'} />}
      {options.data && <Text size="sm">{t('timeZone', { zone: options.data.timeZone })}</Text>}
      <Tabs value={tab} onChange={(v) => v && onTab(v as ReportTab)} keepMounted={false}>
        <Tabs.List style={{ flexWrap: 'wrap' }}>
          {REPORT_TABS.map((key) => (
            <Tabs.Tab key={key} value={key}>
              {t(`tabs.${key}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value="class" pt="md">
          <ClassReportTab filters={filters} onOpenStudent={openStudent} />
        </Tabs.Panel>
        <Tabs.Panel value="materials" pt="md">
          <MaterialReportTab filters={filters} />
        </Tabs.Panel>
        <Tabs.Panel value="student" pt="md">
          <StudentReportTab filters={filters} options={options.data} />
        </Tabs.Panel>
        <Tabs.Panel value="charts" pt="md">
          <ChartsTab filters={filters} />
        </Tabs.Panel>
        <Tabs.Panel value="atRisk" pt="md">
          <AtRiskTab classId={classId} canMessage={canOpen('reportsMessage', roleId)} />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
};
