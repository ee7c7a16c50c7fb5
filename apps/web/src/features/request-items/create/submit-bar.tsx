/**
 * The submit button of a create form. On a phone it stays at the bottom of the screen while
 * the long form scrolls; it shows its loading state while a file uploads (spec §4).
 */
import { REQUEST_CREATE_TEXT as T } from '../../../texts/request-create';
import { useFormBusy } from '../../../components/form';
import { Button } from '../../../components/ui/button';

export function SubmitBar() {
  const busy = useFormBusy();
  return (
    <div className="sticky bottom-0 z-10 col-span-12 -mx-4 border-t bg-background/95 px-4 py-3 backdrop-blur supports-[backdrop-filter]:bg-background/80 sm:static sm:mx-0 sm:border-0 sm:bg-transparent sm:p-0 sm:backdrop-blur-none">
      <Button type="submit" size="lg" className="w-full sm:ml-auto sm:flex sm:w-64" loading={busy}>
        {T.submit}
      </Button>
    </div>
  );
}
