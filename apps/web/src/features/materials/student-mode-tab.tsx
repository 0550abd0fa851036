import { Alert, Stack } from '@mantine/core';
import { IconEye } from '@tabler/icons-react';
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { JourneyView } from './journey-view.tsx';

/** The banner of every student-mode page: what follows is the preview, nothing is recorded. */
export const StudentModeBanner = () => {
  const { t } = useTranslation('materials');
  return (
    <Alert
      color="violet"
      variant="light"
      icon={<IconEye aria-hidden="true" />}
      title={t('studentMode.banner')}
      styles={{ message: { color: 'var(--mantine-color-text)' } }}
    >
      {t('studentMode.explain')}
    </Alert>
  );
};

/** `course/student-mode`: the course's journey exactly as a new student sees it, inside the teacher's session. */
export const StudentModeTab = () => {
  const { id = '', courseId = '' } = useParams();
  return (
    <Stack gap="md">
      <StudentModeBanner />
      <JourneyView classId={id} courseId={courseId} studentMode />
    </Stack>
  );
};
