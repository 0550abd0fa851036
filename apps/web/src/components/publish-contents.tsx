import { useState } from 'react';
import { Checkbox, Stack, Text } from '@mantine/core';

/** The publish question with the "publish everything in it" checkbox (on by default). */
const ContentsMessage = ({ message, label, onChange }: { message: string; label: string; onChange: (checked: boolean) => void }) => {
  const [checked, setChecked] = useState(true);
  return (
    <Stack gap="sm">
      <Text>{message}</Text>
      <Checkbox
        checked={checked}
        label={label}
        onChange={(e) => {
          setChecked(e.currentTarget.checked);
          onChange(e.currentTarget.checked);
        }}
      />
    </Stack>
  );
};

/**
 * Issue 13: publishing a course (or an element) offers to publish everything in it in the same
 * change, so students see what the teacher meant to give them. `message` goes into the confirm
 * dialog; `contents()` reads the checkbox once the teacher confirmed.
 */
export const contentsChoice = (message: string, label: string) => {
  const state = { contents: true };
  return {
    message: <ContentsMessage message={message} label={label} onChange={(checked) => (state.contents = checked)} />,
    contents: () => state.contents,
  };
};
