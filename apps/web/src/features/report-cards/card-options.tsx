import { Group, Select } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PAPER_SIZES, QUARTERS, type PaperSize, type Quarter } from '@klase/core/deped/contracts';
import type { CardLang, CardOptions } from './report-cards-api.ts';

/** Quarter, paper and language of the card (shared by the class page and the child page). */
export const CardOptionsFields = ({
  value,
  onChange,
  withQuarter = true,
}: {
  value: CardOptions;
  onChange: (v: CardOptions) => void;
  withQuarter?: boolean;
}) => {
  const { t } = useTranslation('grading', { keyPrefix: 'reportCards' });
  return (
    <Group gap="sm" align="flex-end" wrap="wrap">
      {withQuarter && (
        <Select
          label={t('options.quarter')}
          data={QUARTERS.map((q) => ({ value: String(q), label: t('options.quarterN', { n: q }) }))}
          value={String(value.quarter)}
          onChange={(v) => v && onChange({ ...value, quarter: Number(v) as Quarter })}
          allowDeselect={false}
          w={150}
        />
      )}
      <Select
        label={t('options.paper')}
        data={PAPER_SIZES.map((p) => ({ value: p, label: t(`options.papers.${p}`) }))}
        value={value.paper}
        onChange={(v) => v && onChange({ ...value, paper: v as PaperSize })}
        allowDeselect={false}
        w={170}
      />
      <Select
        label={t('options.lang')}
        data={(['en-us', 'ph'] as const).map((l) => ({ value: l, label: t(`options.langs.${l}`) }))}
        value={value.lang}
        onChange={(v) => v && onChange({ ...value, lang: v as CardLang })}
        allowDeselect={false}
        w={150}
      />
    </Group>
  );
};
