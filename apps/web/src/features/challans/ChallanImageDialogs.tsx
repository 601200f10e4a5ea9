import { Button, FileInput, Group, Image, Modal, Text } from '@mantine/core';
import { CHALLAN_IMAGE_MAX_BYTES, CHALLAN_MESSAGES, challanRoutes } from '@taxrecon/contracts';
import { useState } from 'react';
import { call } from '../../api/client.ts';
import { useApiQuery } from '../../api/hooks.ts';
import { notifyError, notifySuccess } from '../payable/common/notify.ts';

const readDataUrl = (file: File): Promise<string> =>
  new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });

export function UploadChallanImage(props: { id: string | null; onClose: () => void; onDone: () => void }) {
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const tooBig = !!file && file.size > CHALLAN_IMAGE_MAX_BYTES;
  const upload = async () => {
    if (!props.id || !file || tooBig) return;
    setBusy(true);
    try {
      const imageUrl = await readDataUrl(file);
      const answer = await call(challanRoutes.uploadChallanImage, {
        params: { id: props.id },
        body: { imageUrl },
      });
      notifySuccess(answer.message);
      props.onDone();
      props.onClose();
    } catch (error) {
      notifyError(error);
    } finally {
      setBusy(false);
      setFile(null);
    }
  };
  return (
    <Modal opened={!!props.id} onClose={props.onClose} title="Upload Challan Image">
      <FileInput
        label="Challan image (at most 20 MB)"
        accept="image/*,application/pdf"
        value={file}
        onChange={setFile}
        error={tooBig ? `The file is larger than ${CHALLAN_IMAGE_MAX_BYTES} bytes (20 MB)` : undefined}
        data-testid="challan-image-file"
      />
      <Group justify="flex-end" mt="md">
        <Button onClick={upload} loading={busy} disabled={!file || tooBig}>
          Upload
        </Button>
      </Group>
    </Modal>
  );
}

export function ViewChallanImage(props: { id: string | null; onClose: () => void }) {
  const image = useApiQuery(
    challanRoutes.challanImage,
    { params: { id: props.id ?? '' } },
    { enabled: !!props.id },
  );
  const url = image.data?.imageUrl ?? null;
  return (
    <Modal opened={!!props.id} onClose={props.onClose} title="Challan Image" size="xl">
      {image.isLoading ? (
        <Text size="sm">Loading…</Text>
      ) : !url ? (
        <Text data-testid="challan-image-none">{CHALLAN_MESSAGES.noImage}</Text>
      ) : url.startsWith('data:application/pdf') ? (
        <iframe title="Challan" src={url} style={{ width: '100%', height: '70vh', border: 0 }} />
      ) : (
        <Image src={url} alt="Challan" data-testid="challan-image" />
      )}
    </Modal>
  );
}
