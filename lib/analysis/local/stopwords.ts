import type { Locale } from "@/lib/i18n/locales";

// Function words, pronouns, auxiliaries, the fillers of speech ("um", "嗯", "äh") and greetings ("hello", "你好") of the nine
// interface languages: words that say nothing about what a recording is about. Compact on purpose:
// keyword scoring (IDF) already damps the remaining frequent words. Lower case, space separated.
const lists: Record<Locale, string> = {
  en: `a about above after again against ago all almost along already also although always am among an and another any anybody anyone anything
    anyway are aren't around as ask asked at away back be became because become been before being below between both but by came can can't cannot
    come comes could couldn't did didn't do does doesn't doing don't done down during each either else enough even ever every everybody everyone
    everything few for from further get gets getting give given go goes going gone gonna got gotta had hadn't has hasn't have haven't having he he'd
    he'll he's her here here's hers herself him himself his how how's however i i'd i'll i'm i've if in into is isn't it it'd it'll it's its itself
    just keep kind know known let let's like little look looking lot lots made make makes making many may maybe me mean means might mine more most
    much must my myself need needs never new next no nobody none nor not nothing now of off often oh ok okay on once one only onto or other others
    otherwise our ours ourselves out over own perhaps put quite rather really right said same saw say saying says see seem seems seen shall she she'd
    she'll she's should shouldn't since so some somebody someone something sometimes somewhat soon sort still stuff such sure take taken tell than
    thank thanks that that's the their theirs them themselves then there there's therefore these they they'd they'll they're they've thing things
    think this those though through thus to today together too took toward towards two uh uhm um under unless until up upon us use used very want
    wanna wants was wasn't way we we'd we'll we're we've well went were weren't what what's whatever when whenever where whereas wherever whether which
    while who who's whoever whole whom whose why will with within without won't would wouldn't yeah yes yet you you'd you'll you're you've your yours
    yourself yourselves hath doth thee thou thy thine unto thereof wherein whereby hmm ah er
    three four five six seven eight nine ten eleven twelve twenty thirty forty fifty hundred thousand million first second third last
    point points topic topics question questions everyone everybody morning afternoon evening guys
    hello hi hey bye goodbye welcome cheers alright yep nope neither mhm huh aha wow thought least`,
  zh: `的 了 在 是 我 有 和 就 不 人 都 一 一个 上 也 很 到 说 要 去 你 会 着 没有 看 好 自己 这 那 他 她 它 们 我们 你们 他们 她们 咱们 这个 那个
    这些 那些 这里 那里 这儿 那儿 什么 怎么 怎么样 为什么 吗 呢 吧 啊 呀 嗯 哦 哈 嘛 啦 呃 诶 把 被 让 给 对 从 而 与 及 或 或者 但 但是 因为 所以 如果
    就是 还是 然后 可以 已经 还 又 再 才 只 这样 那样 这么 那么 一下 一些 一点 其实 比较 非常 特别 可能 应该 现在 时候 大家 觉得 知道 东西 事情 方面
    的话 之 以 于 其 等 各 个 些 中 里 后 前 下 来 过 得 地 没 并 即 则 却 此 嘛 对吧 是的 好的 那个 这边 那边 一样 有点 有些 所有 每个 不是 没什么
    一直 还有 而且 以及 另外 并且 只是 不过 虽然 对于 关于 通过 进行 一起 这种 那种 哪个 哪些 多少 怎样 谁 能 能够 想 做 用 又是 也是 都是
    上个 下个 之前 之后 以前 以后 以内 以上 以下 今天 明天 昨天 现在 最后 首先 其次 需要 已经 大概 一共 其中 主要 没问题 好了 比如 例如 尤其 部分
    你好 您好 大家好 谢谢 谢谢大家 再见 拜拜 喂 嗯嗯 哈哈 对对 对对对 好吧 行 欢迎 甚至 几乎 刚才 刚刚 咱 一下子 那么样 这样子`,
  ja: `の に は を た が で て と し れ さ ある いる も する から な こと として い や れる など なっ ない この ため その あっ よう また もの という あり
    まで られ なる へ か だ これ によって により おり より による ず なり られる において ば なかっ なく しかし について せ だっ できる それ う ので
    なお のみ でき き つ における および いう さらに でも ら たり その他 に関する たち ます ん なら です でし ました ません えー あの えっと まあ
    そう ちょっと 本当 私 僕 我々 みなさん 皆さん あれ どれ 何 これら それら ここ そこ どこ 今 もう まだ とても すごく やはり やっぱり
    こんにちは おはよう おはようございます こんばんは ありがとう ありがとうございます よろしく お願いします さようなら`,
  ko: `이 그 저 것 수 등 들 및 에서 으로 를 을 는 은 가 의 에 와 과 도 로 하다 있다 되다 없다 않다 그리고 그러나 그런데 하지만 그래서 또는 또 더
    좀 잘 아주 매우 너무 정말 진짜 그냥 이제 지금 우리 저희 제가 저는 나는 네 예 아니 음 어 그게 이거 저거 그거 뭐 왜 어떻게 합니다 있습니다
    했습니다 입니다 거 게 때 중 여기 거기 저기 이런 그런 저런 같은 같아요 있어요 없어요 해요 하는 있는 하고 그럼 근데 아마 다시 모두 함께
    안녕하세요 안녕 감사합니다 고맙습니다 여보세요`,
  de: `aber alle allem allen aller alles als also am an ander andere anderen auch auf aus bei beim bin bis bist da dabei dadurch dafür damit dann
    das dass dein deine dem den denn der des dich die dies diese diesem diesen dieser dieses dir doch dort du durch ein eine einem einen einer eines
    er es etwas euch euer für gegen gewesen hab habe haben hat hatte hätte ich ihm ihn ihnen ihr ihre im in ist ja jede jedem jeden jeder jedes
    jetzt kann kein keine können könnte man mein meine mich mir mit muss müssen nach nicht nichts noch nun nur ob oder ohne sehr sein seine sich
    sie sind so solche soll sollte sondern um und uns unser unter viel vom von vor war waren warum was weil weiter welche wenn wer werde werden
    wie wieder will wir wird wo wollen würde zu zum zur über äh ähm halt eben mal genau okay gut schon gibt geht immer hier heute
    hallo tschüss danke willkommen morgen servus`,
  fr: `a à au aux avec ce ces cela ceci c'est dans de des du elle elles en est et été être eu il ils je la le les leur leurs lui ma mais me même
    mes moi mon ne nos notre nous on ou où par pas pour qu que qui sa se ses son sont sur ta te tes toi ton tu un une vos votre vous y ça aussi
    bien alors donc très plus comme tout tous toute toutes fait faire euh ben voilà bon oui non peut avoir avons avez ont était étaient sera cette
    cet ici là encore déjà sans sous entre vers chez quand comment pourquoi quoi dont ai as avait suis es sommes êtes fois chose choses peu
    bonjour bonsoir salut merci bienvenue revoir`,
  es: `a al algo como con de del desde donde el él ella ellas ellos en entre era es esa ese eso esta está están este esto fue ha hay la las le les
    lo los más me mi mis mucho muy nada ni no nos o para pero por porque qué que se ser si sí sin sobre son su sus también te tiene tienen todo
    todos tu tus un una uno unos unas y ya yo bueno pues vale entonces eh sea cuando cómo hemos han he has estamos estoy era eran cosa cosas aquí ahí
    hola gracias adiós bienvenido bienvenidos`,
  it: `a ad al alla alle allo anche che chi ci come con cosa da dal dalla dei del della delle dello di dove e è ed era gli ha hanno ho i il in io
    la le lei lo loro lui ma mi molto ne nei nel nella no noi non o per perché più quando quella quelle quello questa queste questo se si sia sono
    su sua sue suo suoi ti tra tu tutto tutti tutte un una uno vi voi già poi allora cioè ecco beh bene essere stato fare fatto qui lì abbiamo avete
    ciao buongiorno buonasera grazie benvenuti arrivederci`,
  ru: `а без более бы был была были было быть в вам вас весь во вот все всё всего всех вы где да даже для до его ее её если есть еще ещё же за
    здесь и из или им их к как какой когда кто ли либо мне может мы на над надо наш не него нее неё нет ни них но ну о об однако он она они оно
    от очень по под при с со так также такой там те тем то того тоже той только том ты у уже хотя чего чей чем что чтобы чье эта эти это этот
    я вообще значит короче типа просто сейчас меня тебя себя будет будем можно нужно
    привет здравствуйте спасибо пока алло ладно`,
};

export const STOPWORDS = {} as Record<Locale, ReadonlySet<string>>;
for (const lang of Object.keys(lists) as Locale[]) STOPWORDS[lang] = new Set(lists[lang].split(/\s+/).filter(Boolean));
