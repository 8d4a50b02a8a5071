import { apiRoute } from "@/lib/api/handler";
import { pushDeviceParams } from "@/lib/push/push.schema";
import { deleteDevice } from "@/lib/push/push.service";

export const DELETE = apiRoute({ auth: "user", params: pushDeviceParams, handler: async ({ caller, params }) => deleteDevice(caller.user.id, params.id) });
