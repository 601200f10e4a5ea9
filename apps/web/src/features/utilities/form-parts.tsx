import { FileInput } from '@mantine/core';
import { IconFileUpload } from '@tabler/icons-react';
import { platformRoutes } from '@taxrecon/contracts';
import { type ComponentProps, useEffect, useState } from 'react';
import { useApiQuery } from '../../api/hooks.ts';
import { acceptOf, type FileRules } from '../uploads/upload-rules.ts';

// The utilities' shared form parts: where the result is e-mailed, and the
// 26AS text files chosen.

// The result goes to the user's own address unless they type another.
export const useResultEmail = () => {
  const me = useApiQuery(platformRoutes.me, {}, { staleTime: 60_000 });
  const [email, setEmail] = useState('');
  const [touched, setTouched] = useState(false);
  useEffect(() => {
    if (!touched && me.data?.email) setEmail(me.data.email);
  }, [me.data?.email, touched]);
  const change = (value: string) => {
    setTouched(true);
    setEmail(value);
  };
  return { email, change };
};

export function StatementFilesInput(props: {
  label: string;
  description: string;
  placeholder: string;
  rules: Pick<FileRules, 'extensions'>;
  disabled: boolean;
  value: File[];
  onChange: (files: File[]) => void;
  testId: string;
}) {
  return (
    <FileInput
      multiple
      label={props.label}
      description={props.description}
      accept={acceptOf(props.rules)}
      placeholder={props.placeholder}
      leftSection={<IconFileUpload size={16} />}
      clearable
      disabled={props.disabled}
      value={props.value}
      onChange={props.onChange}
      data-testid={`${props.testId}-file`}
      fileInputProps={{ 'data-testid': `${props.testId}-file-input` } as ComponentProps<'input'>}
    />
  );
}
