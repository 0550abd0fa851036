import { useEffect, useRef, useState } from 'react';
import { Badge, Button, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { IconCheck, IconPencil } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { MaterialDetails } from '@klase/core/materials/contracts';
import { EmptyState } from '../../components/empty-state.tsx';
import { ErrorText } from '../../components/error-text.tsx';
import { isApiError } from '../../api/http.ts';
import { StatusBadge } from '../../components/status-badge.tsx';
import { useCourseLinks } from '../../config/course-links.ts';
import { LockedNotice, UnavailableNotice } from './element-parts.tsx';
import { isReachable, type PathStop } from './journey-state.ts';
import { MaterialViewer } from './material-viewer.tsx';
import { useActivityHeartbeat } from './use-activity-heartbeat.ts';
import { MATERIAL_TYPE_ICONS, useMaterialTypeLabel } from '../../components/material-types.tsx';
import { materialKeys, useMaterial, viewMaterialCall } from '../../api/materials-api.ts';

interface MaterialPanelProps {
  stop: PathStop;
  /** The page's class (null or absent in the catalogue); the links come from `useCourseLinks`. */
  classId?: string | null;
  courseId: string;
  /** Teachers of the class (the rex admin in the catalogue): the material has an Edit button. */
  manage: boolean;
  /** A student opening the material: the visit is recorded (and completes viewable types). */
  recordViews: boolean;
  /** Where a locked material sends the student. */
  current: { name: string; href: string } | null;
  /** The teacher's student-mode preview. */
  studentMode?: boolean;
}

/**
 * Records a student's visit once per opened material; the answer's journey replaces the cached
 * one, so the path, the ticks and the next button follow at once.
 */
const useRecordView = (material: MaterialDetails | undefined, enabled: boolean, courseId: string) => {
  const queryClient = useQueryClient();
  const recorded = useRef<string | null>(null);
  const [error, setError] = useState<unknown>(null);
  useEffect(() => {
    if (!enabled || !material || recorded.current === material.id) return;
    recorded.current = material.id;
    viewMaterialCall(material.id).then(
      async (answer) => {
        // A journey read still under way began before this visit was written (a list mounting, a
        // refocus): it would land after the fresh journey and lock the next material again.
        const journeyKey = materialKeys.journey(courseId, { kind: 'self' });
        await queryClient.cancelQueries({ queryKey: journeyKey, exact: true });
        queryClient.setQueryData(journeyKey, answer.journey);
        queryClient.setQueryData<MaterialDetails>(materialKeys.one(material.id), (m) => (m ? { ...m, completedAt: answer.completedAt } : m));
      },
      (e: unknown) => setError(e),
    );
  }, [enabled, material, courseId, queryClient]);
  return error;
};

const PanelHeader = ({ stop, material, courseId, manage }: { stop: PathStop; material?: MaterialDetails; courseId: string; manage: boolean }) => {
  const { t } = useTranslation('materials');
  const links = useCourseLinks();
  const typeLabel = useMaterialTypeLabel();
  const Icon = MATERIAL_TYPE_ICONS[stop.type];
  const completedAt = material?.completedAt ?? stop.completedAt;
  return (
    <Group justify="space-between" align="flex-start" gap="sm">
      <Stack gap={2} style={{ minWidth: 0, flex: '1 1 240px' }}>
        <Group gap="xs" wrap="nowrap" align="center">
          <Icon size={22} aria-hidden="true" style={{ flexShrink: 0 }} />
          <Title order={3} size="h4" style={{ overflowWrap: 'anywhere' }}>
            {stop.name}
          </Title>
        </Group>
        <Group gap="xs">
          <Text size="sm">{typeLabel(stop.type)}</Text>
          {!stop.published && <StatusBadge status="UNPUBLISHED" size="sm" />}
          {completedAt && (
            <Badge color="teal.9" c="white" variant="filled" leftSection={<IconCheck size={14} aria-hidden="true" />} tt="none">
              {t('journey.state.done')}
            </Badge>
          )}
        </Group>
      </Stack>
      {manage && (
        <Button component={Link} to={links.materialEdit(courseId, stop.materialId)} variant="default" leftSection={<IconPencil size={16} aria-hidden="true" />}>
          {t('element.edit')}
        </Button>
      )}
    </Group>
  );
};

/** The open material: its header, then the viewer, or why it cannot be opened yet. */
export const MaterialPanel = ({ stop, classId, courseId, manage, recordViews, current, studentMode }: MaterialPanelProps) => {
  const reachable = isReachable(stop.state);
  const q = useMaterial(stop.materialId, reachable);
  const viewError = useRecordView(q.data, recordViews, courseId);
  useActivityHeartbeat(q.data?.id);
  const error = q.error;
  let body;
  if (stop.state === 'locked' || (isApiError(error) && error.code === 'MATERIAL_LOCKED'))
    body = <LockedNotice currentHref={current?.href ?? null} currentName={current?.name ?? null} />;
  else if (stop.state === 'unavailable' || (isApiError(error) && error.code === 'MATERIAL_UNAVAILABLE')) body = <UnavailableNotice from={stop.availableFrom} />;
  else if (isApiError(error) && (error.status === 404 || error.status === 403)) body = <EmptyState kind="contentUnavailable" />;
  else if (error) body = <ErrorText error={error} />;
  else if (q.data) body = <MaterialViewer material={q.data} place={classId ? { classId, courseId, studentMode } : undefined} />;
  else body = <Skeleton height={200} aria-busy="true" />;
  return (
    <Stack gap="md" component="section" aria-label={stop.name}>
      <PanelHeader stop={stop} material={q.data} courseId={courseId} manage={manage} />
      {body}
      <ErrorText error={viewError} />
    </Stack>
  );
};
