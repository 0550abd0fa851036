import { Alert, Button, Stack, Text } from '@mantine/core';
import { IconInfoCircle, IconTable } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { MySubmission } from '@klase/core/assignments/contracts';
import { paths } from '../../config/paths.ts';
import { Loaded, ownerOf, useGradedViewer, type GradedPanelProps } from './graded-viewer.tsx';
import { useActivityGrades, useMySubmission, type WorkOwner } from './assignments-api.ts';
import { FeedbackView } from './work-parts.tsx';

export type ActivityPanelProps = GradedPanelProps;

const Graded = ({ work }: { work: MySubmission | null }) => {
  const { t } = useTranslation('assignments');
  if (!work || work.grade === null)
    return (
      <Text size="sm" data-testid="activity-not-graded">
        {t('activity.notGraded')}
      </Text>
    );
  return (
    <FeedbackView
      grade={work.grade}
      maxPoints={work.settings.maxPoints}
      feedbackHtml={work.feedbackHtml}
      feedbackFiles={work.feedbackFiles}
      returnedAt={work.returnedAt}
    />
  );
};

const LearnerSide = ({ materialId, owner }: { materialId: string; owner: WorkOwner }) => {
  const mine = useMySubmission(materialId, owner);
  return <Loaded query={mine}>{(work) => <Graded work={work} />}</Loaded>;
};

const StaffSide = ({ materialId, classId, courseId, manage }: { materialId: string; classId: string; courseId: string; manage: boolean }) => {
  const { t } = useTranslation('assignments');
  const grades = useActivityGrades(materialId);
  return (
    <Stack gap="sm">
      <Loaded query={grades}>
        {(data) => (
          <Text size="sm" data-testid="activity-count">
            {t('activity.gradedCount', { graded: data.counts.returned, total: data.counts.total })}
          </Text>
        )}
      </Loaded>
      <Button
        component={Link}
        to={paths.classActivityGrades.to(classId, courseId, materialId)}
        leftSection={<IconTable size={16} aria-hidden="true" />}
        w="fit-content"
      >
        {t(manage ? 'activity.enterGrades' : 'activity.viewGrades')}
      </Button>
    </Stack>
  );
};

/**
 * The activity part of an activity material's page: teachers enter the grades of the class (a
 * grid), assistants read them; students and parents see the grade and feedback once given.
 */
export const ActivityPanel = ({ material, classId, courseId, studentMode = false }: ActivityPanelProps) => {
  const { t } = useTranslation('assignments');
  const viewer = useGradedViewer();
  let body;
  if (studentMode)
    body = (
      <Stack gap="sm">
        <Alert color="blue" variant="light" icon={<IconInfoCircle aria-hidden="true" />} styles={{ message: { color: 'var(--mantine-color-text)' } }}>
          {t('preview.activityNote')}
        </Alert>
        <Graded work={null} />
      </Stack>
    );
  else if (viewer.kind === 'staff') body = <StaffSide materialId={material.id} classId={classId} courseId={courseId} manage={viewer.grade} />;
  else if (viewer.kind === 'parent' && !viewer.childId) body = <Text size="sm">{t('parent.chooseChild')}</Text>;
  else {
    const owner = ownerOf(viewer);
    body = owner ? <LearnerSide materialId={material.id} owner={owner} /> : null;
  }
  return (
    <Stack gap="md" data-testid="activity-panel">
      {body}
    </Stack>
  );
};
