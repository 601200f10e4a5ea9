import { AspectRatio, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { platformRoutes } from '@taxrecon/contracts';
import { useApiQuery } from '../../api/hooks.ts';
import { PageHeader } from '../../components/PageHeader.tsx';
import { QueryError } from '../../components/QueryError.tsx';

const isVideoFile = (url: string) => /\.(mp4|webm|ogg|mov)(\?|$)/i.test(url);

// YouTube watch and short links play inside the page through their embed address.
export const embedUrl = (url: string): string => {
  const youtube = /(?:youtube\.com\/watch\?v=|youtu\.be\/)([\w-]{6,})/.exec(url);
  return youtube ? `https://www.youtube-nocookie.com/embed/${youtube[1]}` : url;
};

export function HelpPage() {
  const videos = useApiQuery(platformRoutes.helpVideos, {});
  return (
    <Stack gap={0}>
      <PageHeader title="Help Content" subtitle="Short guides and videos on the everyday work in TaxRecon" />
      {videos.isError && <QueryError error={videos.error} />}
      {videos.data?.length === 0 && <Text c="dimmed">No help videos have been published yet.</Text>}
      <SimpleGrid cols={{ base: 1, md: 2, xl: 3 }} spacing="md" data-testid="help-videos">
        {videos.data?.map((video) => (
          <Paper key={video.url} withBorder radius="lg" p="sm">
            <AspectRatio ratio={16 / 9} mb="sm">
              {isVideoFile(video.url) ? (
                // biome-ignore lint/a11y/useMediaCaption: help videos are published without caption tracks
                <video src={video.url} controls preload="metadata" title={video.title} />
              ) : (
                <iframe
                  src={embedUrl(video.url)}
                  title={video.title}
                  allow="accelerometer; encrypted-media; gyroscope; picture-in-picture; fullscreen"
                  style={{ border: 0 }}
                  loading="lazy"
                />
              )}
            </AspectRatio>
            <Text fw={600} size="sm">
              {video.title}
            </Text>
          </Paper>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
