import { CentredLoader } from "@/components/shell/CentredLoader";

export default function Loading() {
  return <CentredLoader />;
}
