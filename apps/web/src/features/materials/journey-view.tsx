import { useMemo, useState } from 'react';
import { Alert, Button, Group, Paper, Progress, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconArrowRight, IconTrophy } from '@tabler/icons-react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Journey } from '@klase/core/materials/contracts';
import { EmptyState } from '../../components/empty-state.tsx';
import { ErrorText } from '../../components/error-text.tsx';
import { classCourseLinks } from '../../config/course-links.ts';
import { JourneyList } from './journey-list.tsx';
import { JourneyMap } from './journey-map.tsx';
import { blockingStop, journeyElements, useJourneyFor, type PathStop } from './journey-state.ts';
import { LockedStopDialog } from './locked-stop-dialog.tsx';
import { useJourney, type JourneyFor } from '../../api/materials-api.ts';

export interface JourneyViewProps {
  classId: string;
  courseId: string;
  /** The teacher's preview of what a student sees (no progress, nothing recorded). */
  studentMode?: boolean;
}

/** "3 of 8 completed (38 %)", the bar, and the button to the current stop (or the course is finished). */
const JourneyProgress = ({ journey, who, href }: { journey: Journey; who: JourneyFor; href: (materialId: string, elementId: string) => string }) => {
  const { t } = useTranslation('materials');
  const current = journey.elements.flatMap((e) => e.stops.map((s) => ({ ...s, elementId: e.id }))).find((s) => s.materialId === journey.currentMaterialId);
  const finished = journey.total > 0 && journey.completed >= journey.total;
  const summary = t('journey.progress', { completed: journey.completed, total: journey.total, percent: journey.percent });
  const continueLabel = who.kind === 'child' ? t('journey.openCurrent') : journey.completed === 0 ? t('journey.start') : t('journey.continue');
  return (
    <Paper withBorder p="md">
      <Stack gap="xs">
        <Group justify="space-between" align="center" gap="sm">
          <Text fw={600}>{summary}</Text>
          {current && (
            <Button component={Link} to={href(current.materialId, current.elementId)} rightSection={<IconArrowRight size={16} aria-hidden="true" />}>
              {continueLabel}
            </Button>
          )}
        </Group>
        <Progress value={journey.percent} size="lg" color="teal.9" aria-label={summary} />
        {finished && (
          <Group gap="xs" wrap="nowrap">
            <IconTrophy size={20} aria-hidden="true" />
            <Text size="sm">{who.kind === 'child' ? t('journey.childFinished') : t('journey.finished')}</Text>
          </Group>
        )}
      </Stack>
    </Paper>
  );
};

/**
 * A course's journey (`GET /api/courses/:courseId/journey`): progress, the map of the path and
 * the same path as a list. Reachable stops open in the element page; in student mode the links
 * stay in the preview. A locked stop says what to finish first.
 */
export const JourneyView = ({ classId, courseId, studentMode }: JourneyViewProps) => {
  const { t } = useTranslation('materials');
  const navigate = useNavigate();
  const who = useJourneyFor(classId, studentMode);
  const q = useJourney(courseId, who);
  const preview = who?.kind === 'preview';
  const elements = useMemo(() => (q.data ? journeyElements(q.data) : []), [q.data]);
  const stops = useMemo(() => elements.flatMap((e) => e.stops), [elements]);
  // The journey is a class's course's (students, parents and the teacher's preview).
  const hrefOf = (materialId: string, elementId: string) => classCourseLinks(classId).element(courseId, elementId, { materialId, studentMode: preview });
  const stopHref = (s: PathStop) => hrefOf(s.materialId, s.elementId);
  const [locked, setLocked] = useState<PathStop | null>(null);

  if (q.isError)
    return (
      <Alert color="red" variant="light" icon={<IconAlertTriangle aria-hidden="true" />}>
        <ErrorText error={q.error} />
      </Alert>
    );
  if (!q.data || !who)
    return (
      <Stack gap="sm" aria-busy="true" data-testid="journey-loading">
        <Skeleton height={72} />
        <Skeleton height={320} />
      </Stack>
    );
  return (
    <Stack gap="md">
      <Title order={2} size="h3">
        {t('titles.journey')}
      </Title>
      {stops.length === 0 ? (
        <EmptyState text={t('journey.empty')} />
      ) : (
        <>
          <JourneyProgress journey={q.data} who={who} href={hrefOf} />
          <JourneyMap stops={stops} onOpen={(s) => void navigate(stopHref(s))} onLocked={setLocked} />
          <JourneyList elements={elements} href={stopHref} onLocked={setLocked} />
          <LockedStopDialog
            stop={locked}
            blocker={locked ? blockingStop(stops, locked.materialId) : undefined}
            href={stopHref}
            onClose={() => setLocked(null)}
          />
        </>
      )}
    </Stack>
  );
};
