import { lazy, Suspense, useState } from 'react';
import { usePrefetchQuery, useSuspenseQuery } from '@tanstack/react-query';
import { Button, Group, Stack } from '@mantine/core';
import { IconFolderPlus, IconLetterCase, IconPlus, IconSettings } from '@tabler/icons-react';
import { Link, Navigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { GradebookSetupView } from '@klase/core/gradebook/views';
import { GRADE_SETUP_TABS, paths, type GradeSetupTab as TabName } from '../../config/paths.ts';
import { ClassListTabs } from '../../components/class-list-tabs.tsx';
import { CategoriesTab } from './setup/categories-tab.tsx';
import { loadRouteNamespace } from '../../i18n/i18n.ts';
import { FinalSettingsDialog, FinalTab } from './setup/final-tab.tsx';
import { PeriodsTab } from './setup/periods-tab.tsx';
import { SetupSkeleton, useSetupParams, WithSetup } from './setup/setup-frame.tsx';
import { depedPanelQuery } from './setup/setup-api.ts';
import { LettersTab, RubricsTab, ScalesTab } from './setup/simple-tabs.tsx';

/** The DepEd learning-area panel and its texts (the `grading` namespace) load apart: most schools and visits never need them. */
const DepedCoursePanel = lazy(() =>
  Promise.all([import('./setup/deped-panel.tsx'), loadRouteNamespace('grading')]).then(([m]) => ({ default: m.DepedCoursePanel })),
);

const isTab = (tab: string): tab is TabName => (GRADE_SETUP_TABS as readonly string[]).includes(tab);

/** Create grading category, create scale, update grade letters, update final grade settings (spec section 2). */
const SideButtons = ({ onUpdateFinal }: { onUpdateFinal: () => void }) => {
  const { t } = useTranslation('gradeSetup');
  const { classId, courseId } = useSetupParams();
  return (
    <Group gap="xs" component="nav" aria-label={t('side.label')}>
      <Button component={Link} to={paths.classGradeCategoryAdd.to(classId, courseId)} size="sm" leftSection={<IconFolderPlus size={16} aria-hidden="true" />}>
        {t('side.createCategory')}
      </Button>
      <Button
        component={Link}
        to={paths.classScaleAdd.to(classId, courseId)}
        size="sm"
        variant="default"
        leftSection={<IconPlus size={16} aria-hidden="true" />}
      >
        {t('side.createScale')}
      </Button>
      <Button
        component={Link}
        to={paths.classGradeLettersUpdate.to(classId, courseId)}
        size="sm"
        variant="default"
        leftSection={<IconLetterCase size={16} aria-hidden="true" />}
      >
        {t('side.updateLetters')}
      </Button>
      <Button size="sm" variant="default" onClick={onUpdateFinal} leftSection={<IconSettings size={16} aria-hidden="true" />}>
        {t('side.updateFinal')}
      </Button>
    </Group>
  );
};

const TabBody = ({ tab, setup, onUpdateFinal }: { tab: TabName; setup: GradebookSetupView; onUpdateFinal: () => void }) => {
  switch (tab) {
    case 'categories':
      return <CategoriesTab setup={setup} />;
    case 'gradingPeriods':
      return <PeriodsTab setup={setup} />;
    case 'scales':
      return <ScalesTab setup={setup} />;
    case 'gradeLetters':
      return <LettersTab setup={setup} />;
    case 'final-grade-setting':
      return <FinalTab setup={setup} onUpdateFinal={onUpdateFinal} />;
    case 'rubrics':
      return <RubricsTab setup={setup} />;
  }
};

/**
 * The setup's body: the DepEd panel (schools on the DepEd policy), the side buttons and the open
 * tab, shown together once the panel's data (asked for beside the setup) and its code are in, so
 * the panel never pops in above buttons a teacher is about to press.
 */
const SetupBody = ({ tab, setup, onUpdateFinal }: { tab: TabName; setup: GradebookSetupView; onUpdateFinal: () => void }) => {
  const { courseId } = useSetupParams();
  const deped = useSuspenseQuery(depedPanelQuery(courseId)).data;
  return (
    <>
      {setup.can.manage && deped && <DepedCoursePanel courseId={courseId} data={deped} />}
      {setup.can.manage && <SideButtons onUpdateFinal={onUpdateFinal} />}
      <TabBody tab={tab} setup={setup} onUpdateFinal={onUpdateFinal} />
    </>
  );
};

/**
 * `#/classes/:id/courses/:courseId/grade-setup/:tab` (the class's teachers): the setup's tabs,
 * the side buttons and the open tab. An unknown tab opens the categories.
 */
export const GradeSetupTab = () => {
  const { t } = useTranslation('gradeSetup');
  const { classId, courseId, tab } = useSetupParams();
  const [finalOpen, setFinalOpen] = useState(false);
  usePrefetchQuery(depedPanelQuery(courseId));
  if (!isTab(tab)) return <Navigate to={paths.classGradeSetup.to(classId, courseId, 'categories')} replace />;
  return (
    <Stack gap="md">
      <ClassListTabs
        tabs={GRADE_SETUP_TABS.map((name) => ({ to: paths.classGradeSetup.to(classId, courseId, name), label: t(`tabs.${name}`) }))}
        label={t('tabs.label')}
      />
      <WithSetup>
        {(setup) => (
          <>
            <Suspense fallback={<SetupSkeleton />}>
              <SetupBody tab={tab} setup={setup} onUpdateFinal={() => setFinalOpen(true)} />
            </Suspense>
            {finalOpen && <FinalSettingsDialog settings={setup.settings} onClose={() => setFinalOpen(false)} />}
          </>
        )}
      </WithSetup>
    </Stack>
  );
};
