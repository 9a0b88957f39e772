/**
 * The admin's create and edit dialog for an academy item, validated with the shared schema (the same rules the server
 * applies): the fields shown follow the type (an article's text, a video's URL, a test's questions as JSON). A failed
 * save keeps the dialog open with everything typed, each server message on its field.
 */
import { useWatch } from 'react-hook-form';
import type { AdminAcademyItem } from '@shared/academy/api';
import { ACADEMY_CONTENT_TYPE_LABELS, ACADEMY_CONTENT_TYPES } from '@shared/academy/enums';
import { ACADEMY_LIMITS, academyContentFormSchema, type AcademyContentForm } from '@shared/academy/schemas';
import { Button } from '@web/components/ui/button';
import { CheckboxField } from '@web/components/ui/checkbox';
import { Dialog, DialogActions } from '@web/components/ui/dialog';
import { Form, NumberField, SubmitButton, TextAreaField, TextField, useZodForm } from '@web/components/ui/form';
import { SelectField } from '@web/components/ui/select';
import { toast } from '@web/components/ui/toast';
import { useCreateAcademyContent, useUpdateAcademyContent } from '../api/academy';

/** Shown as the hint of a test's questions, and as the starting text of a new test. */
export const TEST_TEMPLATE = JSON.stringify(
  { questions: [{ prompt: 'Your question?', choices: ['First choice', 'Second choice'], answer: 0 }] },
  null,
  2,
);

const TYPE_OPTIONS = ACADEMY_CONTENT_TYPES.map((type) => ({ value: type, label: ACADEMY_CONTENT_TYPE_LABELS[type] }));

export interface AcademyContentFormDialogProps {
  open: boolean;
  /** The item to edit; absent to create one. */
  item?: AdminAcademyItem;
  /** The categories in use, offered while typing one. */
  categories: readonly string[];
  onClose: () => void;
}

function defaults(item?: AdminAcademyItem): AcademyContentForm {
  return {
    title: item?.title ?? '',
    description: item?.description ?? '',
    category: item?.category ?? '',
    contentType: item?.contentType ?? 'article',
    content: item?.content ?? '',
    videoUrl: item?.videoUrl ?? '',
    durationMinutes: item?.durationMinutes ?? undefined,
    isPublished: item?.isPublished ?? false,
  };
}

export function AcademyContentFormDialog({ open, item, categories, onClose }: AcademyContentFormDialogProps) {
  return (
    <Dialog open={open} onClose={onClose} title={item ? 'Edit Content' : 'New Content'}>
      {/* Mounted while open only, so each opening starts from the item's current values. */}
      {open && <ContentForm item={item} categories={categories} onDone={onClose} />}
    </Dialog>
  );
}

function ContentForm({
  item,
  categories,
  onDone,
}: {
  item?: AdminAcademyItem;
  categories: readonly string[];
  onDone: () => void;
}) {
  const form = useZodForm(academyContentFormSchema, { defaultValues: defaults(item) });
  const type = useWatch({ control: form.control, name: 'contentType' });
  const create = useCreateAcademyContent({ onSuccess: onDone });
  const update = useUpdateAcademyContent({
    onSuccess: (saved) => {
      toast({ title: 'Content updated', description: `${saved.title} was saved.`, variant: 'success' });
      onDone();
    },
  });

  return (
    <Form
      form={form}
      aria-label={item ? 'Edit academy content' : 'New academy content'}
      onSubmit={(values) => {
        // The order stays as it is on an edit, and a new item goes last in its category.
        const { orderIndex: _order, ...fields } = values;
        return item ? update.mutateAsync({ id: item.id, changes: fields }) : create.mutateAsync(fields);
      }}
      onInvalid={([first]) => {
        if (first) toast({ title: 'Invalid input', description: first.message, variant: 'destructive' });
      }}
    >
      <TextField name="title" label="Title" maxLength={ACADEMY_LIMITS.title} />
      <TextField
        name="category"
        label="Category"
        maxLength={ACADEMY_LIMITS.category}
        list="academy-categories"
        hint="Tabs are ordered by category name: number them (1. Leasing Basics) to set their order."
      />
      <datalist id="academy-categories">
        {categories.map((category) => (
          <option key={category} value={category} />
        ))}
      </datalist>
      <SelectField name="contentType" label="Type" options={TYPE_OPTIONS} />
      <TextAreaField name="description" label="Description" optional rows={2} />
      {type === 'video' ? (
        <TextField
          name="videoUrl"
          label="Video URL"
          type="url"
          placeholder="https://www.youtube-nocookie.com/embed/..."
          hint="YouTube and Vimeo player URLs play in the dialog; any other https URL opens in a new tab."
        />
      ) : (
        <TextAreaField
          name="content"
          label={type === 'test' ? 'Questions (JSON)' : 'Article text'}
          rows={type === 'test' ? 10 : 12}
          hint={
            type === 'test'
              ? `One object per question; "answer" is the index of the correct choice (0 for the first). Example: ${TEST_TEMPLATE.replace(/\s+/g, ' ')}`
              : 'Blank lines separate paragraphs; "## " starts a heading, "- " a bullet, "1. " a numbered step, **bold** for emphasis.'
          }
        />
      )}
      <NumberField
        name="durationMinutes"
        label="Duration (minutes)"
        optional
        integer
        min={1}
        max={ACADEMY_LIMITS.durationMinutes}
      />
      <CheckboxField name="isPublished" label="Published (shown to brokers)" />
      <DialogActions>
        <Button type="button" variant="secondary" onClick={onDone}>
          Cancel
        </Button>
        <SubmitButton block={false} size="md" pendingLabel="Saving...">
          {item ? 'Save Changes' : 'Create Content'}
        </SubmitButton>
      </DialogActions>
    </Form>
  );
}
