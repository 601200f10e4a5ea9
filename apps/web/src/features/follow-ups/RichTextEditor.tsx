import { ActionIcon, Group, Paper, Tooltip } from '@mantine/core';
import { IconBold, IconItalic, IconList, IconListNumbers, IconUnderline } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';

// A small rich-text editor (bold, italic, underline, lists) on contentEditable.
// What it produces is only a suggestion: the server keeps its own allow-list.
const TOOLS = [
  { command: 'bold', label: 'Bold', icon: IconBold },
  { command: 'italic', label: 'Italic', icon: IconItalic },
  { command: 'underline', label: 'Underline', icon: IconUnderline },
  { command: 'insertUnorderedList', label: 'Bulleted list', icon: IconList },
  { command: 'insertOrderedList', label: 'Numbered list', icon: IconListNumbers },
] as const;

export function RichTextEditor(props: {
  value: string;
  onChange: (html: string) => void;
  minHeight?: number;
  testId?: string;
  label?: string;
}) {
  const ref = useRef<HTMLDivElement>(null);
  // The editor owns its DOM while focused; an outside value (a loaded template,
  // a cleared comment) replaces it only when it differs.
  useEffect(() => {
    const el = ref.current;
    if (el && el.innerHTML !== props.value) el.innerHTML = props.value;
  }, [props.value]);
  const run = (command: string) => {
    ref.current?.focus();
    // execCommand is deprecated but still the one editing primitive every browser implements
    document.execCommand(command);
    props.onChange(ref.current?.innerHTML ?? '');
  };
  return (
    <Paper withBorder radius="sm" data-testid={props.testId}>
      <Group gap={2} p={4} style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}>
        {TOOLS.map((t) => (
          <Tooltip key={t.command} label={t.label}>
            <ActionIcon
              variant="subtle"
              color="gray"
              size="sm"
              aria-label={t.label}
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => run(t.command)}
            >
              <t.icon size={16} />
            </ActionIcon>
          </Tooltip>
        ))}
      </Group>
      {/* biome-ignore lint/a11y/useSemanticElements: a textarea cannot hold formatting; contentEditable is the rich-text box */}
      <div
        ref={ref}
        tabIndex={0}
        contentEditable
        suppressContentEditableWarning
        role="textbox"
        aria-multiline="true"
        aria-label={props.label ?? 'Message'}
        className="follow-up-editor"
        data-testid={props.testId ? `${props.testId}-input` : undefined}
        style={{ minHeight: props.minHeight ?? 120, padding: '8px 12px', outline: 'none', fontSize: 14 }}
        onInput={(e) => props.onChange(e.currentTarget.innerHTML)}
      />
    </Paper>
  );
}

// Rich text the server already sanitised, shown as it was written.
export function RichText({ html, testId }: { html: string; testId?: string }) {
  return (
    <div
      className="follow-up-rich-text"
      data-testid={testId}
      style={{ fontSize: 14 }}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by the server's allow-list (rich-text.ts): no attributes, no scripts
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}

export const isBlank = (html: string): boolean => html.replace(/<[^>]*>|&nbsp;/g, '').trim() === '';
