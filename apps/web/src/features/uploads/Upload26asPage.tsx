import { PasswordInput, Stack } from '@mantine/core';
import { ingestRoutes } from '@taxrecon/contracts';
import { useState } from 'react';
import { PageHeader } from '../../components/PageHeader.tsx';
import { UploadPanel } from './UploadPanel.tsx';
import { GENERIC_MAX_BYTES } from './upload-rules.ts';

const RULES = { extensions: ['txt', 'zip'], maxBytes: GENERIC_MAX_BYTES, maxFiles: 20 };

// 26AS text files as downloaded from TRACES, or the TRACES zip itself (its password
// is usually the deductee's date of birth or incorporation as ddmmyyyy).
export function Upload26asPage() {
  const [password, setPassword] = useState('');
  return (
    <Stack gap={0}>
      <PageHeader title="Upload 26AS" subtitle="Form 26AS text files, or the password-protected TRACES zip" />
      <UploadPanel
        route={ingestRoutes.upload26as}
        rules={RULES}
        testId="upload-26as"
        errorPrefix="Error Upload 26AS! - "
        label="26AS files (.txt or .zip)"
        description="Several text files may be loaded at once."
        fields={() => ({ password: password.trim() || undefined })}
      >
        <PasswordInput
          label="Zip password"
          description="Only for a TRACES zip: usually the date of birth or incorporation as ddmmyyyy"
          value={password}
          onChange={(e) => setPassword(e.currentTarget.value)}
          maw={360}
          autoComplete="off"
          data-testid="upload-26as-password"
        />
      </UploadPanel>
    </Stack>
  );
}
