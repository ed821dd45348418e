import {
  BoldOutlined,
  ItalicOutlined,
  LinkOutlined,
  OrderedListOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons';
import { EditorContent, useEditor, useEditorState } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { Button, Input, Space } from 'antd';
import { useState } from 'react';

const extensions = [
  StarterKit.configure({
    heading: false,
    code: false,
    codeBlock: false,
    horizontalRule: false,
    trailingNode: false,
    link: { openOnClick: false, protocols: ['mailto'], autolink: false },
  }),
];

/**
 * The announcement editor (tiptap): bold, italic, bulleted and numbered lists and links. `onChange`
 * gets its HTML, which the server sanitises and keeps.
 */
export function RichTextEditor({
  value,
  onChange,
  label,
}: {
  value?: string;
  onChange?: (html: string) => void;
  label: string;
}) {
  const [linkOpen, setLinkOpen] = useState(false);
  const [href, setHref] = useState('');
  const editor = useEditor({
    extensions,
    content: value ?? '',
    editorProps: {
      attributes: { 'aria-label': label, role: 'textbox', 'aria-multiline': 'true', class: 'rich-text' },
    },
    onUpdate: ({ editor: e }) => onChange?.(e.isEmpty ? '' : e.getHTML()),
  });
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e.isActive('bold'),
      italic: e.isActive('italic'),
      bullet: e.isActive('bulletList'),
      ordered: e.isActive('orderedList'),
      link: e.isActive('link'),
    }),
  });

  function applyLink() {
    const chain = editor.chain().focus().extendMarkRange('link');
    if (href.trim()) chain.setLink({ href: href.trim() }).run();
    else chain.unsetLink().run();
    setLinkOpen(false);
    setHref('');
  }

  return (
    <div className="rich-text-editor">
      <Space wrap role="toolbar" aria-label="Formatting">
        <Button
          icon={<BoldOutlined aria-hidden="true" />}
          aria-label="Bold"
          aria-pressed={state.bold}
          onClick={() => editor.chain().focus().toggleBold().run()}
        />
        <Button
          icon={<ItalicOutlined aria-hidden="true" />}
          aria-label="Italic"
          aria-pressed={state.italic}
          onClick={() => editor.chain().focus().toggleItalic().run()}
        />
        <Button
          icon={<UnorderedListOutlined aria-hidden="true" />}
          aria-label="Bulleted list"
          aria-pressed={state.bullet}
          onClick={() => editor.chain().focus().toggleBulletList().run()}
        />
        <Button
          icon={<OrderedListOutlined aria-hidden="true" />}
          aria-label="Numbered list"
          aria-pressed={state.ordered}
          onClick={() => editor.chain().focus().toggleOrderedList().run()}
        />
        <Button
          icon={<LinkOutlined aria-hidden="true" />}
          aria-label="Link"
          aria-pressed={state.link}
          onClick={() => {
            setHref((editor.getAttributes('link').href as string | undefined) ?? '');
            setLinkOpen((open) => !open);
          }}
        />
        {linkOpen ? (
          <Input.Search
            aria-label="Link address"
            placeholder="https://"
            value={href}
            enterButton="Apply"
            onChange={(e) => setHref(e.target.value)}
            onSearch={applyLink}
          />
        ) : null}
      </Space>
      <EditorContent editor={editor} />
    </div>
  );
}
