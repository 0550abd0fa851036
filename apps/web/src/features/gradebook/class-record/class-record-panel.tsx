import { useState } from 'react';
import { Alert, Button, Group, Modal, Paper, Select, Stack, Table, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconDownload, IconUpload } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { CLASS_RECORD_MAX_BYTES } from '@klase/core/deped/class-record';
import { QUARTERS, type ClassRecordPreview, type Quarter } from '@klase/core/deped/contracts';
import { ErrorText, useErrorMessage } from '../../../components/error-text.tsx';
import { useTone } from '../../../components/tones.ts';
import { UploadBox } from '../../../components/upload-box.tsx';
import { downloadFile } from '../../../lib/download.ts';
import { toastError, toastSuccess } from '../../../lib/toasts.ts';
import { gradebookKeys } from '../grid/gradebook-api.ts';
import { classRecordPath, importClassRecord, previewClassRecord, useClassRecordInfo } from './class-record-api.ts';

/**
 * The E-Class Record in a DepEd course's grade book (issue 19): the quarter, Export (the XLSX
 * download) and, for the class's teachers, Import: pick the file → its upload's progress → the
 * preview (every changed score before → after, every wrong row named) → confirm → saved.
 */

const score = (v: number | null, none: string) => (v === null ? none : String(v));

/** A plain table of texts: the column heads, then one row per entry (cells wrap, no side scrolling at 360 px). */
const TextTable = ({ testId, heads, rows }: { testId: string; heads: string[]; rows: { key: string; cells: (string | number)[] }[] }) => (
  <Table data-testid={testId} style={{ overflowWrap: 'anywhere' }}>
    <Table.Thead>
      <Table.Tr>
        {heads.map((h) => (
          <Table.Th key={h} scope="col">
            {h}
          </Table.Th>
        ))}
      </Table.Tr>
    </Table.Thead>
    <Table.Tbody>
      {rows.map((r) => (
        <Table.Tr key={r.key}>
          {r.cells.map((c, i) => (
            <Table.Td key={i}>{c}</Table.Td>
          ))}
        </Table.Tr>
      ))}
    </Table.Tbody>
  </Table>
);

const PreviewTables = ({ preview }: { preview: ClassRecordPreview }) => {
  const { t } = useTranslation('grading', { keyPrefix: 'classRecord' });
  const muted = useTone('muted');
  return (
    <Stack gap="sm">
      {preview.errors.length > 0 && (
        <Alert color="red" variant="light" icon={<IconAlertTriangle aria-hidden="true" />} title={t('errors', { count: preview.errors.length })}>
          <Stack gap="xs">
            <Text size="sm">{t('errorsHint')}</Text>
            <TextTable
              testId="class-record-errors"
              heads={[t('row'), t('field'), t('problem')]}
              rows={preview.errors.map((e, i) => ({ key: `${e.row}-${e.field}-${i}`, cells: [e.row, e.field, e.message] }))}
            />
          </Stack>
        </Alert>
      )}
      {preview.changes.length === 0 ? (
        <Text size="sm" c={muted}>
          {t('noChanges')}
        </Text>
      ) : (
        <Stack gap={4}>
          <Title order={3} size="h5">
            {t('changes', { count: preview.changes.length })}
          </Title>
          <TextTable
            testId="class-record-changes"
            heads={[t('learner'), t('item'), t('before'), t('after')]}
            rows={preview.changes.map((c) => ({
              key: `${c.studentId}-${c.itemId}`,
              cells: [c.studentName, c.itemName, score(c.before, t('none')), score(c.after, t('none'))],
            }))}
          />
        </Stack>
      )}
    </Stack>
  );
};

interface ImportDialogProps {
  courseId: string;
  quarter: Quarter;
  onClose: () => void;
}

/** The import: choose the file (uploaded for the preview with its progress), see the preview, confirm. */
const ImportDialog = ({ courseId, quarter, onClose }: ImportDialogProps) => {
  const { t } = useTranslation('grading', { keyPrefix: 'classRecord' });
  const client = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<ClassRecordPreview | null>(null);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<unknown>(null);

  const upload = async (files: File[], onProgress: (percent: number) => void) => {
    const picked = files[0]!;
    setPreview(null);
    setError(null);
    setFile(picked);
    setPreview(await previewClassRecord(courseId, quarter, picked, onProgress));
  };

  const confirm = async () => {
    if (!file) return;
    setSaving(true);
    setError(null);
    try {
      const done = await importClassRecord(courseId, quarter, file);
      await client.invalidateQueries({ queryKey: gradebookKeys.all(courseId) });
      toastSuccess(t('imported', { count: done.changes.length }), 'status');
      onClose();
    } catch (e) {
      setError(e);
    } finally {
      setSaving(false);
    }
  };

  const canSave = preview !== null && preview.errors.length === 0 && preview.changes.length > 0;
  return (
    <Stack gap="md">
      <Text size="sm">{t('importHint', { n: quarter })}</Text>
      <UploadBox
        types={['xlsx']}
        maxBytes={CLASS_RECORD_MAX_BYTES}
        onUpload={upload}
        onRemove={() => {
          setFile(null);
          setPreview(null);
        }}
      />
      {preview && <PreviewTables preview={preview} />}
      {error !== null && <ErrorText error={error} />}
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onClose} disabled={saving}>
          {t('cancel')}
        </Button>
        {canSave && (
          <Button onClick={() => void confirm()} loading={saving}>
            {t('confirm', { count: preview.changes.length })}
          </Button>
        )}
      </Group>
    </Stack>
  );
};

export const ClassRecordPanel = ({ courseId }: { courseId: string }) => {
  const { t } = useTranslation('grading', { keyPrefix: 'classRecord' });
  const muted = useTone('muted');
  const errorMessage = useErrorMessage();
  const info = useClassRecordInfo(courseId);
  const [chosen, setChosen] = useState<Quarter | null>(null);
  const [busy, setBusy] = useState(false);
  const [importing, setImporting] = useState(false);
  if (!info.data?.deped) return null;
  const quarter = chosen ?? info.data.currentQuarter;

  const exportFile = async () => {
    setBusy(true);
    try {
      await downloadFile(classRecordPath(courseId, quarter), `class-record-Q${quarter}.xlsx`);
    } catch (e) {
      toastError(errorMessage(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Paper withBorder p="sm" component="section" aria-labelledby="class-record-title" data-testid="class-record">
      <Stack gap="xs">
        <Title order={2} size="h4" id="class-record-title">
          {t('title')}
        </Title>
        <Text size="sm" c={muted}>
          {t('intro')}
        </Text>
        <Group gap="sm" align="flex-end" wrap="wrap">
          <Select
            label={t('quarter')}
            data={QUARTERS.map((q) => ({ value: String(q), label: t('quarterN', { n: q }) }))}
            value={String(quarter)}
            onChange={(v) => v && setChosen(Number(v) as Quarter)}
            allowDeselect={false}
            w={{ base: '100%', xs: 160 }}
          />
          <Button variant="default" leftSection={<IconDownload size={16} aria-hidden="true" />} loading={busy} onClick={() => void exportFile()}>
            {t('export')}
          </Button>
          {info.data.canImport && (
            <Button variant="default" leftSection={<IconUpload size={16} aria-hidden="true" />} onClick={() => setImporting(true)}>
              {t('import')}
            </Button>
          )}
        </Group>
      </Stack>
      <Modal
        opened={importing}
        onClose={() => setImporting(false)}
        title={t('importTitle', { n: quarter })}
        size="lg"
        closeButtonProps={{ 'aria-label': t('close') }}
      >
        {importing && <ImportDialog courseId={courseId} quarter={quarter} onClose={() => setImporting(false)} />}
      </Modal>
    </Paper>
  );
};
