/** Downloads a month's waiting charge statement (CSV, decision 085) through the API client. */
import { STOP_TIMES_TEXT, stopTimeRoutes } from '@logi/contract';
import { useMutation } from '@tanstack/react-query';
import { FileSpreadsheet } from 'lucide-react';
import { Button } from '../../components/ui/button';
import { api } from '../../lib/api';
import { saveFile } from '../../lib/download';

export function StatementButton({ month, label }: { month: string; label: string }) {
  const save = useMutation({
    mutationFn: () => api.download(stopTimeRoutes.waitingCharges, { query: { month } }),
    onSuccess: (csv) => saveFile(STOP_TIMES_TEXT.statement.fileName(month), csv),
  });
  return (
    <Button variant="outline" size="sm" loading={save.isPending} onClick={() => save.mutate()}>
      <FileSpreadsheet aria-hidden className="size-4" />
      {label}
    </Button>
  );
}
