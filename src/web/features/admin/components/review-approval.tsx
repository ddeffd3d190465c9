/**
 * The owner's switch above the reviews: 'Approve each review before it is published'. On, a new review waits hidden (listed
 * under Hidden) until the owner shows it; off, reviews show at once. Staff do not see it: the setting is the owner's.
 */
import { FormMessage } from '#web/components/ui/form-message.tsx';
import { REVIEW_SETTINGS_FAILED, useReviewSettings, useSaveReviewSettings } from '../api/review-settings.ts';
import { useIsOwner } from '../role.ts';

export function ReviewApproval() {
  const isOwner = useIsOwner();
  const settings = useReviewSettings(isOwner);
  const save = useSaveReviewSettings();
  if (!isOwner || !settings.data) return null;
  const saving = save.isPending;
  return (
    <div className="mb-4 rounded-xl bg-white p-4 ring-1 ring-cream-200">
      <label className="flex min-h-11 items-center gap-2 font-semibold text-stone-800">
        <input
          type="checkbox"
          className="size-5"
          checked={saving && save.variables ? save.variables.approvalRequired : settings.data.approvalRequired}
          aria-busy={saving}
          onChange={(event) => {
            if (!saving) save.mutate({ approvalRequired: event.target.checked });
          }}
        />
        Approve each review before it is published
      </label>
      <p className="text-sm text-stone-600">
        When on, a new review is hidden until you show it, and the shopper is told so.
      </p>
      <FormMessage tone="error">{save.isError ? REVIEW_SETTINGS_FAILED : undefined}</FormMessage>
    </div>
  );
}
