import { Button, Group, Stack, Text } from '@mantine/core';
import { IconListCheck, IconSettings } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { MaterialDetails } from '@klase/core/materials/contracts';
import type { MySubmission } from '@klase/core/assignments/contracts';
import { DateText } from '../../components/date-text.tsx';
import { paths } from '../../config/paths.ts';
import { useAssignmentSettings, useMySubmission, useSubmissions, type WorkOwner } from './assignments-api.ts';
import { Loaded, ownerOf, useGradedViewer, type GradedPanelProps } from './graded-viewer.tsx';
import { StudentWork, previewWork } from './student-work.tsx';
import { FeedbackView, LateBadge, ScheduleDetails, WorkCounts, WorkStateBadge } from './work-parts.tsx';

export type AssignmentPanelProps = GradedPanelProps;

/** A parent's read-only view of their child's work: state, when it was handed in, grade and feedback once returned. */
const ParentView = ({ work }: { work: MySubmission }) => {
  const { t } = useTranslation('assignments');
  return (
    <Stack gap="md" data-testid="assignment-panel" data-mode="parent">
      <Group gap="xs">
        <WorkStateBadge state={work.state} />
        {work.late && <LateBadge />}
      </Group>
      <ScheduleDetails
        settings={work.settings}
        extra={[{ label: t('work.submittedAt'), value: work.submittedAt ? <DateText value={work.submittedAt} /> : t('parent.notSubmitted') }]}
      />
      {work.status === 'returned' ? (
        <FeedbackView
          grade={work.grade}
          maxPoints={work.settings.maxPoints}
          feedbackHtml={work.feedbackHtml}
          feedbackFiles={work.feedbackFiles}
          returnedAt={work.returnedAt}
          rubric={work.rubric}
        />
      ) : (
        <Text size="sm">{t('parent.notReturned')}</Text>
      )}
    </Stack>
  );
};

/** Staff: how the class is doing, and the ways to the submissions and (teachers) the settings. */
const StaffSummary = ({ material, classId, courseId, manage }: { material: MaterialDetails; classId: string; courseId: string; manage: boolean }) => {
  const { t } = useTranslation('assignments');
  const list = useSubmissions(material.id);
  return (
    <Stack gap="md" data-testid="assignment-panel" data-mode="staff">
      <Loaded query={list}>{(data) => <WorkCounts counts={data.counts} />}</Loaded>
      <Group gap="sm">
        <Button component={Link} to={paths.classSubmissions.to(classId, courseId, material.id)} leftSection={<IconListCheck size={16} aria-hidden="true" />}>
          {t('panel.submissions')}
        </Button>
        {manage && (
          <Button
            component={Link}
            to={paths.classAssignmentSettings.to(classId, courseId, material.id)}
            variant="default"
            leftSection={<IconSettings size={16} aria-hidden="true" />}
          >
            {t('panel.settings')}
          </Button>
        )}
      </Group>
    </Stack>
  );
};

const StudentSide = ({ materialId, owner }: { materialId: string; owner: WorkOwner }) => {
  const mine = useMySubmission(materialId, owner);
  return <Loaded query={mine}>{(work) => (owner.kind === 'self' ? <StudentWork key={materialId} work={work} /> : <ParentView work={work} />)}</Loaded>;
};

const PreviewSide = ({ materialId }: { materialId: string }) => {
  const settings = useAssignmentSettings(materialId);
  return <Loaded query={settings}>{(s) => <StudentWork work={previewWork(s)} preview />}</Loaded>;
};

/**
 * The assignment part of an assignment material's page, by who looks: students do and hand in
 * their work; parents follow their selected child's; teachers and assistants see the counts and
 * open the submissions (teachers also the settings); the teacher's student mode previews the
 * student's page, disabled.
 */
export const AssignmentPanel = ({ material, classId, courseId, studentMode = false }: AssignmentPanelProps) => {
  const { t } = useTranslation('assignments');
  const viewer = useGradedViewer();
  if (studentMode) return <PreviewSide materialId={material.id} />;
  if (viewer.kind === 'staff') return <StaffSummary material={material} classId={classId} courseId={courseId} manage={viewer.manage} />;
  if (viewer.kind === 'parent' && !viewer.childId) return <Text size="sm">{t('parent.chooseChild')}</Text>;
  const owner = ownerOf(viewer);
  return owner ? <StudentSide materialId={material.id} owner={owner} /> : null;
};
