import { useCallback, useState } from 'react';
import { Badge, Button, Checkbox, Group, NumberInput, Stack, Text } from '@mantine/core';
import { IconMessage } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { AT_RISK_DEFAULT_INACTIVE_DAYS, AT_RISK_DEFAULT_MISSING, AT_RISK_PATH, type AtRiskRow } from '@klase/core/reports/contracts';
import { DataTable } from '../../components/data-table/data-table.tsx';
import type { TableColumn } from '../../components/data-table/types.ts';
import { DateText } from '../../components/date-text.tsx';
import { EmptyLabel } from '../../components/empty-label.tsx';
import { AtRiskMessageDialog } from './at-risk-message-dialog.tsx';
import { reportKeys } from './reports-api.ts';

/** The thresholds and the chosen students (id → number of parents), kept across pages. */
const useAtRiskState = () => {
  const [inactiveDays, setInactiveDays] = useState(AT_RISK_DEFAULT_INACTIVE_DAYS);
  const [missing, setMissing] = useState(AT_RISK_DEFAULT_MISSING);
  const [selected, setSelected] = useState<ReadonlyMap<string, number>>(new Map());
  const toggle = useCallback((row: AtRiskRow, on: boolean) => {
    setSelected((prev) => {
      const next = new Map(prev);
      if (on) next.set(row.studentId, row.parentCount);
      else next.delete(row.studentId);
      return next;
    });
  }, []);
  const clear = useCallback(() => setSelected(new Map()), []);
  const parentCount = [...selected.values()].reduce((a, b) => a + b, 0);
  return { inactiveDays, setInactiveDays, missing, setMissing, selected, toggle, clear, parentCount };
};

const whole = (value: string | number, min: number, max: number, fallback: number) => {
  const n = typeof value === 'number' ? value : Number.parseInt(value, 10);
  return Number.isFinite(n) ? Math.min(max, Math.max(min, Math.round(n))) : fallback;
};

type AtRiskState = ReturnType<typeof useAtRiskState>;

/** The columns: a checkbox per row (not for the lsg), name, last access, days inactive, missing, reasons. */
const useAtRiskColumns = (s: AtRiskState, canMessage: boolean): TableColumn<AtRiskRow>[] => {
  const { t } = useTranslation('reports');
  return [
    ...(canMessage
      ? [
          {
            key: 'select',
            header: t('atRisk.select'),
            render: (r: AtRiskRow) => (
              <Checkbox
                aria-label={t('atRisk.selectStudent', { name: r.fullName })}
                checked={s.selected.has(r.studentId)}
                onChange={(e) => s.toggle(r, e.currentTarget.checked)}
              />
            ),
          },
        ]
      : []),
    { key: 'fullName', header: t('atRisk.fullName'), sortable: true },
    {
      key: 'lastSystemAccess',
      header: t('atRisk.lastSystemAccess'),
      sortable: true,
      render: (r) => (r.lastSystemAccess ? <DateText value={r.lastSystemAccess} /> : t('atRisk.never')),
    },
    {
      key: 'daysInactive',
      header: t('atRisk.daysInactive'),
      sortable: true,
      render: (r) => (r.daysInactive === null ? <EmptyLabel /> : String(r.daysInactive)),
    },
    { key: 'missing', header: t('atRisk.missing'), sortable: true, render: (r) => String(r.missing) },
    {
      key: 'reasons',
      header: t('atRisk.reasons'),
      render: (r) => (
        <Group gap={4}>
          {r.reasons.map((reason) => (
            <Badge key={reason} color={reason === 'missing' ? 'red.9' : 'grape.9'} c="white" variant="filled" tt="none" miw="max-content">
              {t(`atRisk.reason.${reason}`)}
            </Badge>
          ))}
        </Group>
      ),
    },
  ];
};

interface AtRiskTabProps {
  classId: string;
  /** The lsg reads only: no selection, no Message button. */
  canMessage: boolean;
}

/** Students with no access for some days or with missing work; the teacher can message them (and their parents). */
export const AtRiskTab = ({ classId, canMessage }: AtRiskTabProps) => {
  const { t } = useTranslation('reports');
  const client = useQueryClient();
  const s = useAtRiskState();
  const [dialog, setDialog] = useState(false);
  const params = { classId, inactiveDays: String(s.inactiveDays), missing: String(s.missing) };
  const key = reportKeys.table('at-risk', params);

  const columns = useAtRiskColumns(s, canMessage);

  return (
    <Stack gap="sm">
      <Group align="flex-end" gap="sm">
        <NumberInput
          label={t('atRisk.inactiveDays')}
          value={s.inactiveDays}
          min={1}
          max={365}
          allowDecimal={false}
          onChange={(v) => s.setInactiveDays(whole(v, 1, 365, AT_RISK_DEFAULT_INACTIVE_DAYS))}
          w={220}
        />
        <NumberInput
          label={t('atRisk.missingAtLeast')}
          value={s.missing}
          min={1}
          max={100}
          allowDecimal={false}
          onChange={(v) => s.setMissing(whole(v, 1, 100, AT_RISK_DEFAULT_MISSING))}
          w={220}
        />
        {canMessage && (
          <Button leftSection={<IconMessage size={16} aria-hidden="true" />} disabled={s.selected.size === 0} onClick={() => setDialog(true)}>
            {t('atRisk.message')}
          </Button>
        )}
      </Group>
      {canMessage && <Text size="sm">{t('atRisk.selected', { count: s.selected.size })}</Text>}
      <DataTable
        queryKey={key}
        path={AT_RISK_PATH}
        extraParams={params}
        columns={columns}
        defaultSortBy="missing"
        defaultSortOrder="desc"
        caption={t('tabs.atRisk')}
      />
      {dialog && (
        <AtRiskMessageDialog
          classId={classId}
          studentIds={[...s.selected.keys()]}
          parentCount={s.parentCount}
          onClose={() => setDialog(false)}
          onSent={() => {
            setDialog(false);
            s.clear();
            void client.invalidateQueries({ queryKey: reportKeys.all });
          }}
        />
      )}
    </Stack>
  );
};
