/**
 * IELTS Speaking Part 2 cue cards and their Part 3 follow-ups for the September–December 2026 season.
 * All text (cue cards, questions, translations, samples and notes) is original, written for this product.
 */
import type { TopicContent } from './types.ts';

export const PART2_TOPICS: TopicContent[] = [
  {
    key: 'p2-helpful-person',
    part: 'part2',
    title: { en: 'Describe a person who helped you achieve a goal', zh: '描述一个帮助你实现目标的人' },
    is_new: false,
    tags: ['people', 'experiences'],
    cue_card: {
      prompt: 'Describe a person who helped you achieve a goal.',
      bullets: ['who this person is', 'what your goal was', 'how he or she helped you'],
      ending: "and explain how you felt about this person's help.",
      zh: '描述一个帮助你实现目标的人。你应该说：这个人是谁；你的目标是什么；他/她是如何帮助你的；并解释你对他/她的帮助有什么感受。',
    },
    questions: [
      {
        key: 'cue',
        part: 'part2',
        text: 'Describe a person who helped you achieve a goal.',
        zh: '描述一个帮助你实现目标的人。',
        sample: {
          band: 7.5,
          answer:
            "I'd like to talk about my former roommate, Zhou Yang, who helped me achieve a goal I'd been putting off for years, which was learning to swim properly.\n\nA bit of background first. I grew up in a small inland town in Henan, and there simply weren't any public pools nearby, so by the time I got to university in Xiamen I was probably the only person in my dorm who couldn't swim. It was a bit embarrassing, to be honest, especially because the campus is right next to the sea and everyone would head to the beach at weekends.\n\nZhou Yang had been on his school's swimming team, and when he found out, he didn't laugh at me at all. Instead, he offered to coach me for free. We'd go to the university pool at half past six in the morning, three times a week, before it got crowded. What really made a difference was how patient he was. He broke everything down into tiny steps – first just floating on my back, then breathing out under the water, then kicking while holding a board. Whenever I panicked and swallowed water, he'd just say, 'Fine, one more time,' as if it were the most normal thing in the world.\n\nAfter about two months I managed to swim fifty metres of breaststroke without stopping, and I still remember grinning like an idiot at the end of the lane.\n\nLooking back, I feel really grateful, because he gave up a lot of sleep for me and never expected anything in return. It also taught me that having the right person beside you can turn something frightening into something you actually enjoy. These days I swim every week, and whenever I do, I think of him.",
          notes: {
            vocabulary: [
              {
                term: 'put off (doing something)',
                zh: '拖延；推迟',
                note: '常用来说“一直拖着没做的事”，后接动名词。',
              },
              { term: 'embarrassing', zh: '令人尴尬的', note: '注意与 embarrassed（感到尴尬的）区分。' },
              {
                term: 'break something down into steps',
                zh: '把……分解成小步骤',
                note: '描述教学或学习方法时非常实用。',
              },
              { term: 'panic', zh: '惊慌失措', note: '过去式 panicked，拼写要加 k。' },
              {
                term: 'grin like an idiot',
                zh: '傻笑；笑得合不拢嘴',
                note: '口语化表达，用于描述极度开心。',
              },
              { term: 'in return', zh: '作为回报' },
              { term: 'look back', zh: '回想；回顾', note: 'Looking back, ... 是讲述经历时自然的总结开头。' },
            ],
            structure: '开头点题（人物 + 目标）→ 背景：为什么不会游泳 → 具体帮助过程 → 结果 → 感受与启发',
            band_remarks:
              '回答覆盖了所有要点，叙事连贯，使用了 would 表示过去习惯、as if 虚拟语气等多样语法，用词自然地道，属于7.5分水平。若想冲击8分以上，可以在感受部分加入更具体的前后对比，并注意语调起伏和意群停顿，让讲述更有画面感。',
          },
        },
      },
      {
        key: 'f1',
        part: 'part3',
        text: 'Why do some people find it difficult to ask others for help?',
        zh: '为什么有些人觉得向别人求助很难？',
        sample: {
          band: 7.5,
          answer:
            "I think there are a few reasons. The most common one is probably pride. Many people grow up believing that needing help is a sign of weakness, so they'd rather struggle on their own than admit they can't do something. Another factor is the fear of being a burden. In Chinese culture, for example, people are often very conscious of owing someone a favour, so they worry that if they ask for help now, they'll have to repay it later in some way. And then some people are simply shy, or they've had bad experiences, perhaps asking a question in class and being laughed at. Personally, I think asking for help is a skill that can be learned. Once you realise that most people actually enjoy helping, it becomes much easier.",
          notes: {
            vocabulary: [
              { term: 'a sign of weakness', zh: '软弱的表现' },
              { term: "struggle on one's own", zh: '独自苦苦支撑' },
              { term: 'be a burden', zh: '成为负担；给人添麻烦' },
              { term: 'owe someone a favour', zh: '欠某人人情', note: '很适合用来解释中国的人情文化。' },
              { term: 'repay', zh: '偿还；回报' },
            ],
            structure:
              '直接回应 → 原因一：面子/自尊 → 原因二：怕欠人情（结合文化）→ 原因三：性格与经历 → 个人观点收尾',
            band_remarks:
              "答案层次清晰，用 The most common one / Another factor / And then 自然衔接多个原因，并结合中国文化举例，论证有深度。若要更进一步，可以加入一个简短的真实例子，并尝试使用更高级的让步结构，如 While it's true that..., ...。",
          },
        },
      },
      {
        key: 'f2',
        part: 'part3',
        text: 'Do you think people today are less willing to help strangers than in the past?',
        zh: '你认为现在的人比过去更不愿意帮助陌生人吗？',
      },
      {
        key: 'f3',
        part: 'part3',
        text: 'What role should teachers play in helping students reach their goals?',
        zh: '老师在帮助学生实现目标方面应该扮演什么角色？',
      },
      {
        key: 'f4',
        part: 'part3',
        text: 'Is it better to achieve a goal on your own or with the support of others?',
        zh: '独自实现目标更好，还是在他人的支持下实现目标更好？',
      },
    ],
  },
  {
    key: 'p2-place-to-visit',
    part: 'part2',
    title: { en: 'Describe a place you would like to visit', zh: '描述一个你将来想去的地方' },
    is_new: true,
    tags: ['places', 'experiences'],
    cue_card: {
      prompt: 'Describe a place you would like to visit in the future.',
      bullets: ['where it is', 'how you learned about it', 'what you would like to do there'],
      ending: 'and explain why you want to visit this place.',
      zh: '描述一个你将来想去的地方。你应该说：它在哪里；你是如何知道它的；你想在那里做什么；并解释你为什么想去这个地方。',
    },
    questions: [
      {
        key: 'cue',
        part: 'part2',
        text: 'Describe a place you would like to visit in the future.',
        zh: '描述一个你将来想去的地方。',
        sample: {
          band: 8,
          answer:
            "The place I'd really love to visit one day is the Yuanyang rice terraces, which are in the far south of Yunnan province, in a mountainous area close to the border.\n\nI first came across them in a rather unexpected way. Last winter a colleague of mine, who is a keen amateur photographer, printed one of his pictures and stuck it on the wall next to his desk. It showed hundreds of curved terraces filled with water at sunrise, all reflecting the sky, so the whole hillside looked pink and silver. I honestly assumed it had been edited, but he swore it hadn't, and that really sparked my curiosity.\n\nIf I go, I'd like to stay for at least four or five days rather than rushing through. I'd get up before dawn to watch the sunrise from one of the viewing points, of course, but I'd also like to walk down into the villages of the Hani people, who built the terraces over many centuries. I'm keen to find out how they manage the water so that every level gets enough, because from what I've read it's an incredibly clever system. And I'd definitely try the local food – apparently they colour their sticky rice using different plants.\n\nAs for why I want to go, there are two main reasons. The first is simply the scenery. I've spent most of my life in Shanghai surrounded by high-rise buildings, so a landscape like that feels almost unreal to me. But the second reason goes a bit deeper. The terraces show what people can create when they work with nature rather than against it, and I'd like to see that with my own eyes instead of on a screen. I'm hoping to go next spring, while the fields are still full of water.",
          notes: {
            vocabulary: [
              { term: 'rice terraces', zh: '梯田' },
              {
                term: 'come across',
                zh: '偶然发现；偶然看到',
                note: '比 see 或 find 更地道，适合讲“怎么知道的”。',
              },
              { term: "spark one's curiosity", zh: '激起某人的好奇心' },
              { term: 'rush through', zh: '匆匆走过；草草了事' },
              { term: 'before dawn', zh: '黎明前' },
              {
                term: 'work with nature rather than against it',
                zh: '顺应自然而非对抗自然',
                note: '可用于环境、旅游等多类话题。',
              },
              { term: 'see something with my own eyes', zh: '亲眼看到' },
            ],
            structure:
              '开头点题（地点 + 位置）→ 如何得知：同事的照片 → 计划做什么（看日出、走访村落、尝美食）→ 两层原因：风景 + 人与自然 → 出行计划收尾',
            band_remarks:
              '回答内容具体生动，词汇精准（sparked my curiosity, rush through），条件句与多种从句运用自如，第二层原因体现了思考深度，达到8分水平。若要更上一层，可以在描述照片时加入更多感官细节，并在口语中保持稳定语速，避免背诵感。',
          },
        },
      },
      {
        key: 'f1',
        part: 'part3',
        text: 'Why do some people prefer to travel abroad rather than in their own country?',
        zh: '为什么有些人更喜欢出国旅游而不是在国内旅游？',
      },
      {
        key: 'f2',
        part: 'part3',
        text: 'How has social media changed the way people choose travel destinations?',
        zh: '社交媒体如何改变了人们选择旅游目的地的方式？',
      },
      {
        key: 'f3',
        part: 'part3',
        text: 'What can be done to protect popular natural sites from having too many tourists?',
        zh: '可以采取哪些措施来保护热门自然景点免受游客过多的影响？',
      },
      {
        key: 'f4',
        part: 'part3',
        text: 'Do you think virtual tours could ever replace real travel?',
        zh: '你认为虚拟游览有朝一日能取代真正的旅行吗？',
      },
    ],
  },
  {
    key: 'p2-useful-skill',
    part: 'part2',
    title: { en: 'Describe a useful skill you learned', zh: '描述一项你学到的有用技能' },
    is_new: false,
    tags: ['abstract', 'experiences'],
    cue_card: {
      prompt: 'Describe a skill you learned that you find useful.',
      bullets: ['what the skill is', 'when and where you learned it', 'how you learned it'],
      ending: 'and explain why this skill is useful to you.',
      zh: '描述一项你学到的、你认为有用的技能。你应该说：这是什么技能；你在何时何地学的；你是怎么学的；并解释这项技能为什么对你有用。',
    },
    questions: [
      {
        key: 'cue',
        part: 'part2',
        text: 'Describe a skill you learned that you find useful.',
        zh: '描述一项你学到的、你认为有用的技能。',
        sample: {
          band: 7.5,
          answer:
            "A skill I picked up about a year ago that has turned out to be surprisingly useful is basic first aid, especially CPR, which is what you do when someone's heart stops beating.\n\nI learned it through my company. I work for an engineering firm in Hangzhou, and last autumn the office arranged for a trainer from a local medical charity to run a two-day course in our meeting room. To be honest, I only signed up because it meant a break from my usual work, but I ended up taking it far more seriously than I'd expected.\n\nThe training was very hands-on. On the first day we learned how to check whether someone is breathing, how to put them in the recovery position and how to deal with cuts and burns. On the second day we practised chest compressions on a rubber dummy, and it was much harder than it looks on television. You have to press down about five centimetres, roughly twice a second, and after two minutes my arms were shaking. At the end we had to pass a practical test, and I was quite proud to get the certificate.\n\nWhy is it useful? Well, just a few months later, I was at a family dinner when my uncle started choking on a fish bone. Everyone froze, but I remembered the steps almost automatically. I stood behind him, gave a few firm thrusts just under his ribs, and the bone came out. Thankfully it wasn't serious, but my aunt still mentions it every time I see her.\n\nMore generally, the course has given me a kind of confidence. I used to feel completely helpless in emergencies, whereas now I know I could do something useful in those first few minutes before a doctor arrives. Honestly, I think everyone should learn it.",
          notes: {
            vocabulary: [
              { term: 'pick up (a skill)', zh: '学会（某项技能）', note: '口语中常用，表示不太正式地学会。' },
              { term: 'turn out to be', zh: '结果是；原来是' },
              { term: 'hands-on', zh: '实操性的；亲自动手的' },
              { term: 'recovery position', zh: '复原卧位（急救体位）' },
              { term: 'chest compressions', zh: '胸外按压' },
              { term: 'choke on something', zh: '被某物噎住' },
              { term: 'freeze (froze)', zh: '（因惊吓）僵住；愣住' },
              { term: 'helpless', zh: '无助的；无能为力的' },
            ],
            structure:
              '开头点题（技能）→ 学习背景：公司培训 → 学习过程（两天内容）→ 真实使用经历 → 更深层的意义 → 总结',
            band_remarks:
              '答案用一个真实的救人经历证明技能的价值，说服力强；专业词汇（chest compressions, recovery position）使用准确，时态转换自然，达到7.5分。要冲击8分，可以多用一些复杂句式如 Had I not taken the course, ...，并在最后的观点部分稍作展开。',
          },
        },
      },
      {
        key: 'f1',
        part: 'part3',
        text: "Which skills do you think schools should teach but often don't?",
        zh: '你认为哪些技能是学校应该教但往往没有教的？',
      },
      {
        key: 'f2',
        part: 'part3',
        text: 'Is it easier for children or adults to learn new skills?',
        zh: '孩子和成年人，谁学习新技能更容易？',
      },
      {
        key: 'f3',
        part: 'part3',
        text: 'Will practical skills become more or less important as technology develops?',
        zh: '随着科技发展，实用技能会变得更重要还是更不重要？',
      },
      {
        key: 'f4',
        part: 'part3',
        text: 'Why do some people give up learning a skill halfway?',
        zh: '为什么有些人学习技能会半途而废？',
      },
    ],
  },
  {
    key: 'p2-late-time',
    part: 'part2',
    title: { en: 'Describe a time when you were late', zh: '描述一次你迟到的经历' },
    is_new: true,
    tags: ['events', 'experiences'],
    cue_card: {
      prompt: 'Describe a time when you were late for something important.',
      bullets: ['what you were late for', 'why you were late', 'what happened as a result'],
      ending: 'and explain how you felt about being late.',
      zh: '描述一次你在重要场合迟到的经历。你应该说：你是为什么事情迟到的；你为什么迟到；迟到导致了什么结果；并解释你对这次迟到有什么感受。',
    },
    questions: [
      {
        key: 'cue',
        part: 'part2',
        text: 'Describe a time when you were late for something important.',
        zh: '描述一次你在重要场合迟到的经历。',
      },
      {
        key: 'f1',
        part: 'part3',
        text: 'Why are some people always late, while others are always on time?',
        zh: '为什么有些人总是迟到，而另一些人总是很准时？',
      },
      {
        key: 'f2',
        part: 'part3',
        text: 'Do attitudes towards punctuality differ between cultures?',
        zh: '不同文化对守时的态度有差异吗？',
      },
      {
        key: 'f3',
        part: 'part3',
        text: 'In which situations is being on time most important?',
        zh: '在哪些情况下准时最重要？',
      },
      {
        key: 'f4',
        part: 'part3',
        text: 'Should companies punish employees who are regularly late?',
        zh: '公司应该惩罚经常迟到的员工吗？',
      },
    ],
  },
  {
    key: 'p2-useful-technology',
    part: 'part2',
    title: { en: 'Describe a piece of technology you find useful', zh: '描述一件你觉得有用的科技产品' },
    is_new: false,
    tags: ['objects'],
    cue_card: {
      prompt: 'Describe a piece of technology that you find useful.',
      bullets: ['what it is', 'when you got it', 'how often you use it', 'what you use it for'],
      ending: 'and explain why you find it useful.',
      zh: '描述一件你觉得有用的科技产品。你应该说：它是什么；你什么时候得到它的；你多久使用一次；你用它做什么；并解释你为什么觉得它有用。',
    },
    questions: [
      {
        key: 'cue',
        part: 'part2',
        text: 'Describe a piece of technology that you find useful.',
        zh: '描述一件你觉得有用的科技产品。',
        sample: {
          band: 7,
          answer:
            "The piece of technology I want to talk about is my e-reader, which is a small, flat device about the size of a paperback that you use to read digital books.\n\nI got it as a present from my parents when I started my master's degree about two years ago. At that time I was always complaining about how heavy my backpack was, because I had to carry three or four thick textbooks around campus every day, and my mum suggested this as a solution.\n\nI use it pretty much every day. In the morning I read on the metro, which takes about forty minutes each way, and at night I usually read for half an hour in bed before I go to sleep. I mostly use it for novels and popular science books, but I've also loaded some academic articles onto it, and I can highlight sentences and add little notes, which is really handy when I'm revising.\n\nThere are a few reasons why I find it so useful. First of all, it's incredibly light, and it can hold thousands of books, so I never run out of things to read, even on a long trip. Secondly, the screen isn't like a phone screen – it doesn't glow, so it's much easier on my eyes, and I can even read it in bright sunshine. The battery also lasts for weeks, which is amazing compared with my phone.\n\nBut maybe the most important thing is that it helps me concentrate. There are no messages or notifications popping up, so when I pick it up, I actually read instead of getting distracted. I'd say it has made me a more regular reader than I've been since I was a child, and I'd recommend one to anyone who loves books but doesn't have much space at home.",
          notes: {
            vocabulary: [
              { term: 'paperback', zh: '平装书', note: '用来类比大小，比直接说尺寸更形象。' },
              { term: 'handy', zh: '方便的；好用的' },
              { term: 'run out of', zh: '用完；耗尽' },
              { term: 'easy on the eyes', zh: '不伤眼睛的；看着舒服的' },
              { term: 'pop up', zh: '（消息、窗口）弹出' },
              { term: 'get distracted', zh: '分心' },
            ],
            structure:
              '开头点题（物品 + 简单解释）→ 获得经过 → 使用频率与用途 → 有用的原因（轻便、护眼、续航）→ 最重要的原因：专注 → 推荐收尾',
            band_remarks:
              '回答结构清晰，要点全面，使用了 First of all / Secondly / But maybe the most important thing 等衔接手段，语言准确流畅，属于7分水平。要达到7.5分以上，可以减少常见词（useful, really）的重复，多用 indispensable, a lifesaver 等更具表现力的表达，并加入一两处复杂句式。',
          },
        },
      },
      {
        key: 'f1',
        part: 'part3',
        text: 'Do older people find it harder to adapt to new technology? Why?',
        zh: '老年人是否更难适应新科技？为什么？',
        sample: {
          band: 7.5,
          answer:
            "Generally speaking, yes, although I think it's less about age itself and more about experience. Young people have grown up surrounded by touchscreens, so they instinctively know that if you swipe or hold your finger on something, a menu will appear. Older people didn't have that kind of practice, so every new app feels a bit like learning a foreign language. Their eyesight and memory may not be as sharp either, which makes tiny icons quite frustrating. That said, I've seen huge changes in my own grandparents. A few years ago my grandmother learned to make video calls and pay for vegetables with her phone, simply because she had a strong reason to. So I'd say older people can adapt perfectly well if technology is designed with them in mind and someone is patient enough to teach them.",
          notes: {
            vocabulary: [
              { term: 'adapt to', zh: '适应' },
              { term: 'instinctively', zh: '本能地；直觉地' },
              { term: 'sharp', zh: '（视力、记忆力）敏锐的' },
              { term: 'frustrating', zh: '令人沮丧的；让人抓狂的' },
              { term: 'that said', zh: '话虽如此', note: '口语中常用的让步转折，比 but 更显自然。' },
              { term: 'with someone in mind', zh: '考虑到某人；为某人着想' },
            ],
            structure:
              '表明立场并修正（不是年龄而是经验）→ 原因一：缺乏经验 → 原因二：生理因素 → 转折：祖母的例子 → 结论与条件',
            band_remarks:
              '答案先给出立场再进行细化修正，体现出较成熟的思辨能力；that said 等转折自然，例子贴切，达到7.5分。若想冲击8分，可以进一步讨论社会层面的解决办法（如适老化设计），并使用更多抽象名词表达观点。',
          },
        },
      },
      {
        key: 'f2',
        part: 'part3',
        text: "Has technology made people's lives simpler or more complicated?",
        zh: '科技让人们的生活变得更简单还是更复杂了？',
      },
      {
        key: 'f3',
        part: 'part3',
        text: 'Should young children be allowed to use electronic devices?',
        zh: '应该允许年幼的孩子使用电子设备吗？',
      },
      {
        key: 'f4',
        part: 'part3',
        text: 'Which kinds of technology do you think will change daily life the most in the next twenty years?',
        zh: '你认为在未来二十年里，哪些科技最会改变人们的日常生活？',
      },
    ],
  },
  {
    key: 'p2-memorable-meal',
    part: 'part2',
    title: { en: 'Describe a memorable meal you had', zh: '描述一顿难忘的饭' },
    is_new: false,
    tags: ['events', 'experiences'],
    cue_card: {
      prompt: 'Describe a memorable meal you had.',
      bullets: ['when and where you had it', 'who you were with', 'what you ate'],
      ending: 'and explain why this meal was memorable.',
      zh: '描述一顿令你难忘的饭。你应该说：你是何时何地吃的；你和谁一起吃的；你吃了什么；并解释这顿饭为什么令你难忘。',
    },
    questions: [
      {
        key: 'cue',
        part: 'part2',
        text: 'Describe a memorable meal you had.',
        zh: '描述一顿令你难忘的饭。',
        sample: {
          band: 8,
          answer:
            "I'd like to describe a hotpot dinner I had with my three university roommates in Chongqing, right after our graduation ceremony in June last year.\n\nWe had lived together in the same tiny dorm room for four years, and we knew that after that week we'd be scattered all over the country – one was moving to Beijing for a job, another was staying in Chongqing, and I was heading back home to Guangzhou. So we decided to have one last big meal at a little hotpot restaurant down a side street near campus, which had been our favourite place since first year.\n\nIt was pouring with rain that evening, and the restaurant was packed, noisy and full of steam. We ordered the classic spicy beef-fat broth, which is bright red and covered in chillies and Sichuan peppercorns, and then loads of things to cook in it – thinly sliced beef, tripe, lotus root, potato slices and tofu skin. As a Cantonese person, I could barely handle the spice when I first arrived in Chongqing, but by the end of university I was eating it like a local, although I still needed a big bowl of sesame oil dip to cool everything down.\n\nWhat made the meal so memorable wasn't really the food, though. We stayed for nearly four hours, going over everything that had happened to us – the night we got locked out of the dorm, failing exams, our first part-time jobs. At some point we all got a bit emotional, and the owner, who recognised us, brought over a free plate of brown sugar rice cakes as a goodbye present.\n\nWhenever I smell hotpot now, it takes me straight back to that night, and it reminds me how lucky I was to have those friends.",
          notes: {
            vocabulary: [
              { term: 'be scattered all over the country', zh: '分散到全国各地' },
              { term: 'pour with rain', zh: '下倾盆大雨' },
              { term: 'packed', zh: '挤满人的' },
              { term: 'broth', zh: '汤底；高汤', note: '描述火锅锅底时比 soup 更准确。' },
              { term: 'tripe', zh: '毛肚；牛肚' },
              { term: 'eat like a local', zh: '像本地人一样吃' },
              { term: 'go over', zh: '回顾；细数' },
              {
                term: 'take someone straight back to',
                zh: '让某人立刻回想起……',
                note: '描述回忆时非常地道。',
              },
            ],
            structure:
              '开头点题（时间、地点、人物）→ 背景：毕业分别 → 场景与食物细节 → 转折：难忘的是人和情感 → 小插曲（老板赠送）→ 感受收尾',
            band_remarks:
              "答案细节丰富，场景描写有画面感，词汇地道（packed, broth, go over），并用 What made the meal so memorable wasn't really the food 这样的强调句点出主题，达到8分水平。若要更高，可以在语音上注意食物名称的重音，并适当加入一些比喻让情感表达更细腻。",
          },
        },
      },
      {
        key: 'f1',
        part: 'part3',
        text: "How have people's eating habits changed in recent years?",
        zh: '近年来人们的饮食习惯发生了哪些变化？',
        sample: {
          band: 7.5,
          answer:
            "I'd say there have been two big changes, and they're pulling in opposite directions. On the one hand, convenience has become much more important. Lots of young office workers hardly ever cook; they order takeaway through their phones for lunch and dinner, and that food is often oily and salty. On the other hand, there's a growing interest in healthy eating. You see more salad shops, people counting calories, and supermarkets selling things like whole grains and oat milk that were hard to find ten years ago. Another change is that people eat a much wider variety of food. My parents grew up eating mostly local dishes, whereas now, even in a medium-sized city, you can easily find Thai, Mexican or Middle Eastern food. So overall, our diets are more varied, but not necessarily healthier.",
          notes: {
            vocabulary: [
              { term: 'pull in opposite directions', zh: '朝相反的方向发展' },
              { term: 'convenience', zh: '便利性' },
              { term: 'takeaway', zh: '外卖' },
              { term: 'count calories', zh: '计算卡路里' },
              { term: 'whole grains', zh: '全谷物；粗粮' },
              { term: 'varied', zh: '多样的' },
            ],
            structure:
              '总述：两种相反的趋势 → 趋势一：追求便利（外卖）→ 趋势二：注重健康 → 补充：饮食多样化 → 总结平衡观点',
            band_remarks:
              '回答用 On the one hand / On the other hand 搭建清晰框架，并补充第三点，内容全面，结论简洁有力，达到7.5分。若要冲击8分，可以对其中一个趋势的原因作更深入的分析，例如工作节奏与饮食选择的关系。',
          },
        },
      },
      {
        key: 'f2',
        part: 'part3',
        text: 'Why do people often celebrate important occasions with a meal?',
        zh: '为什么人们经常用聚餐来庆祝重要的日子？',
      },
      {
        key: 'f3',
        part: 'part3',
        text: 'How important is it for families to eat together?',
        zh: '家人一起吃饭有多重要？',
      },
      {
        key: 'f4',
        part: 'part3',
        text: 'Do you think fast food is a threat to traditional food culture?',
        zh: '你认为快餐对传统饮食文化构成威胁吗？',
      },
    ],
  },
  {
    key: 'p2-book-enjoyed',
    part: 'part2',
    title: { en: 'Describe a book you enjoyed reading', zh: '描述一本你喜欢读的书' },
    is_new: false,
    tags: ['objects', 'experiences'],
    cue_card: {
      prompt: 'Describe a book you enjoyed reading.',
      bullets: ['what the book is about', 'when you read it', 'why you decided to read it'],
      ending: 'and explain why you enjoyed it.',
      zh: '描述一本你喜欢读的书。你应该说：这本书讲的是什么；你什么时候读的；你为什么决定读它；并解释你为什么喜欢它。',
    },
    questions: [
      {
        key: 'cue',
        part: 'part2',
        text: 'Describe a book you enjoyed reading.',
        zh: '描述一本你喜欢读的书。',
      },
      {
        key: 'f1',
        part: 'part3',
        text: 'Do young people today read as much as previous generations did?',
        zh: '如今的年轻人读书和前几代人一样多吗？',
      },
      {
        key: 'f2',
        part: 'part3',
        text: 'What are the advantages of printed books compared with e-books?',
        zh: '与电子书相比，纸质书有哪些优势？',
      },
      {
        key: 'f3',
        part: 'part3',
        text: 'Should parents decide which books their children read?',
        zh: '父母应该决定孩子读哪些书吗？',
      },
      {
        key: 'f4',
        part: 'part3',
        text: 'Why do some books become popular all over the world?',
        zh: '为什么有些书能在全世界流行？',
      },
    ],
  },
  {
    key: 'p2-outdoor-activity',
    part: 'part2',
    title: { en: 'Describe an outdoor activity you enjoyed', zh: '描述一项你喜欢的户外活动' },
    is_new: true,
    tags: ['experiences', 'places'],
    cue_card: {
      prompt: 'Describe an outdoor activity you did that you really enjoyed.',
      bullets: ['what the activity was', 'where and when you did it', 'who you did it with'],
      ending: 'and explain why you enjoyed it.',
      zh: '描述一项你参加过并且非常喜欢的户外活动。你应该说：这是什么活动；你在何时何地进行的；你和谁一起参加的；并解释你为什么喜欢它。',
    },
    questions: [
      {
        key: 'cue',
        part: 'part2',
        text: 'Describe an outdoor activity you did that you really enjoyed.',
        zh: '描述一项你参加过并且非常喜欢的户外活动。',
        sample: {
          band: 7.5,
          answer:
            "One outdoor activity I really enjoyed was cycling around Erhai Lake in Dali, in Yunnan province, which I did during the National Day holiday last October.\n\nI went with my younger sister, who was in her first year of university at the time. We had both been quite stressed – she was still adjusting to university life, and I had just finished an exhausting project at work – so we wanted a trip that was active but relaxing. A friend told us the best way to see the lake is by bike, so we rented two bikes from a small shop in the old town for about fifty yuan a day.\n\nThe whole loop around the lake is more than a hundred kilometres, which was too much for us, so we split it into two days and stayed overnight in a little guesthouse in a fishing village on the eastern shore. The cycle path runs right along the water for most of the way, so on one side you have the lake, which is a beautiful deep blue, and on the other there are mountains with clouds hanging over them. We stopped whenever we felt like it – to take photos, to buy grilled rice cakes from street sellers, or just to sit on the grass and watch the fishermen.\n\nI enjoyed it for several reasons. Physically, it was tiring but not exhausting, and I loved feeling the wind on my face after months of sitting in an office. But more importantly, it gave my sister and me time to really talk, which we hadn't done properly since she left home. By the second evening my legs were aching and I was slightly sunburnt, but I felt more relaxed than I had for ages. We've already agreed to do another cycling trip next year, maybe somewhere a bit more challenging.",
          notes: {
            vocabulary: [
              { term: 'adjust to', zh: '适应' },
              { term: 'loop', zh: '环线；一圈' },
              { term: 'split something into', zh: '把……分成' },
              { term: 'guesthouse', zh: '民宿；小旅馆' },
              {
                term: 'whenever we felt like it',
                zh: '想停就停；随心所欲地',
                note: 'feel like 表示“想要”，口语常用。',
              },
              { term: 'sunburnt', zh: '晒伤的' },
              { term: 'for ages', zh: '很长时间', note: '英式口语，相当于 for a long time。' },
            ],
            structure:
              '开头点题（活动、地点、时间）→ 同伴与出行原因 → 路线与沿途细节 → 喜欢的原因：身体 + 情感 → 未来计划收尾',
            band_remarks:
              '回答对路线和风景的描写具体，时间顺序清晰，过去完成时与一般过去时配合准确，达到7.5分。若要更高，可以注意 tiring 与 exhausting 这类近义词的对比使用是否恰当，并增加一些更生动的形容词描写风景。',
          },
        },
      },
      {
        key: 'f1',
        part: 'part3',
        text: 'Why do many people in cities spend less time outdoors than before?',
        zh: '为什么许多城市居民待在户外的时间比以前少了？',
      },
      {
        key: 'f2',
        part: 'part3',
        text: 'Should schools organise more outdoor activities for students?',
        zh: '学校应该为学生组织更多的户外活动吗？',
      },
      {
        key: 'f3',
        part: 'part3',
        text: 'What are the risks of outdoor activities, and how can they be reduced?',
        zh: '户外活动有哪些风险？如何降低这些风险？',
      },
      {
        key: 'f4',
        part: 'part3',
        text: 'How can cities encourage people to be more active outdoors?',
        zh: '城市可以如何鼓励人们多进行户外活动？',
      },
    ],
  },
  {
    key: 'p2-changed-mind',
    part: 'part2',
    title: { en: 'Describe a time you changed your mind', zh: '描述一次你改变主意的经历' },
    is_new: false,
    tags: ['experiences', 'abstract'],
    cue_card: {
      prompt: 'Describe a time when you changed your mind about something.',
      bullets: [
        'what your original decision or opinion was',
        'what made you change your mind',
        'what you did after that',
      ],
      ending: 'and explain whether you think it was the right choice.',
      zh: '描述一次你对某事改变主意的经历。你应该说：你最初的决定或看法是什么；是什么让你改变了主意；之后你做了什么；并解释你是否认为这是正确的选择。',
    },
    questions: [
      {
        key: 'cue',
        part: 'part2',
        text: 'Describe a time when you changed your mind about something.',
        zh: '描述一次你对某事改变主意的经历。',
      },
      {
        key: 'f1',
        part: 'part3',
        text: 'Why do some people find it hard to change their opinions?',
        zh: '为什么有些人很难改变自己的观点？',
      },
      {
        key: 'f2',
        part: 'part3',
        text: 'Is changing your mind a sign of weakness or of maturity?',
        zh: '改变主意是软弱的表现还是成熟的表现？',
      },
      {
        key: 'f3',
        part: 'part3',
        text: "Who has more influence on young people's decisions, parents or friends?",
        zh: '谁对年轻人的决定影响更大，父母还是朋友？',
      },
      {
        key: 'f4',
        part: 'part3',
        text: 'How do advertisements try to change what people think?',
        zh: '广告是如何试图改变人们的想法的？',
      },
    ],
  },
  {
    key: 'p2-crowded-place',
    part: 'part2',
    title: { en: 'Describe a crowded place you have been to', zh: '描述一个你去过的拥挤的地方' },
    is_new: false,
    tags: ['places', 'experiences'],
    cue_card: {
      prompt: 'Describe a crowded place you have been to.',
      bullets: ['where it is', 'when you went there', 'why it was so crowded'],
      ending: 'and explain how you felt about being there.',
      zh: '描述一个你去过的拥挤的地方。你应该说：它在哪里；你什么时候去的；那里为什么这么拥挤；并解释你在那里有什么感受。',
    },
    questions: [
      {
        key: 'cue',
        part: 'part2',
        text: 'Describe a crowded place you have been to.',
        zh: '描述一个你去过的拥挤的地方。',
      },
      {
        key: 'f1',
        part: 'part3',
        text: 'Why do so many people want to live in big cities despite the crowds?',
        zh: '尽管人多拥挤，为什么还有那么多人想住在大城市？',
      },
      {
        key: 'f2',
        part: 'part3',
        text: 'How can cities reduce overcrowding on public transport?',
        zh: '城市可以如何缓解公共交通的拥挤问题？',
        sample: {
          band: 7.5,
          answer:
            "There are several approaches, and I think they work best in combination. The most obvious one is to expand the network – building new metro lines and running trains more frequently during rush hour. But that's very expensive and takes years, so cities also need to manage demand. One effective idea is encouraging flexible working hours. If some companies start at eight and others at ten, the morning peak gets spread out. Some cities also offer cheaper fares before a certain time, which gives people a reason to travel earlier. Another option is to make alternatives more attractive, for example by building safe cycle lanes or letting people work from home a couple of days a week. In the long run, though, I think the real solution is better urban planning, so that people can live closer to where they work.",
          notes: {
            vocabulary: [
              { term: 'in combination', zh: '结合起来；综合使用' },
              { term: 'rush hour', zh: '高峰时段' },
              { term: 'manage demand', zh: '调控需求' },
              { term: 'flexible working hours', zh: '弹性工作制' },
              { term: 'spread out', zh: '分散开' },
              { term: 'urban planning', zh: '城市规划' },
              { term: 'in the long run', zh: '从长远来看' },
            ],
            structure:
              '总述：多种措施结合 → 措施一：扩建线路（及其局限）→ 措施二：调控需求（错峰、票价）→ 措施三：替代出行方式 → 长远方案收尾',
            band_remarks:
              '答案从供给和需求两个角度分析，逻辑严密，并指出方案的局限性，体现出成熟的论证能力，达到7.5分。若要冲击8分，可以举一个具体城市的做法作为佐证，并使用更多被动语态和名词化表达提升正式度。',
          },
        },
      },
      {
        key: 'f3',
        part: 'part3',
        text: 'Do you think crowded places are becoming less safe?',
        zh: '你认为拥挤的地方正变得越来越不安全吗？',
      },
      {
        key: 'f4',
        part: 'part3',
        text: "How does living in a crowded environment affect people's behaviour?",
        zh: '生活在拥挤的环境中会如何影响人们的行为？',
      },
    ],
  },
  {
    key: 'p2-family-business',
    part: 'part2',
    title: { en: 'Describe a family business you know', zh: '描述一家你了解的家族企业' },
    is_new: true,
    tags: ['people', 'places'],
    cue_card: {
      prompt: 'Describe a family business that you know about.',
      bullets: ['what the business is', 'who runs it', 'how you know about it'],
      ending: 'and explain what you think of this business.',
      zh: '描述一家你了解的家族企业。你应该说：这是什么生意；由谁经营；你是怎么了解它的；并解释你对这家企业的看法。',
    },
    questions: [
      {
        key: 'cue',
        part: 'part2',
        text: 'Describe a family business that you know about.',
        zh: '描述一家你了解的家族企业。',
        sample: {
          band: 7.5,
          answer:
            "The family business I'd like to describe is a small tea farm in Anxi county in Fujian, which is run by my aunt and her husband. Anxi is well known for a type of oolong tea called Tieguanyin, and their family has been growing it for three generations.\n\nI know the business quite well because I spent almost every summer holiday there as a kid. My parents were busy working in Xiamen, so they'd send me to stay with my aunt for a few weeks, and I'd follow her around the hillside while she checked the tea bushes.\n\nThese days the farm is managed mainly by my aunt and uncle, but it's very much a team effort. My grandfather, who is nearly eighty, still insists on supervising the roasting, because he claims nobody else can judge the temperature by smell as well as he can. My cousin, who studied e-commerce at college, came back home three years ago and set up an online shop, and she also films short videos showing how the leaves are picked, rolled and dried. Thanks to her, they now sell to customers all over the country rather than only to local dealers.\n\nSo what do I think of it? Honestly, I admire them a lot. Tea farming is exhausting work – during the picking season they get up at five and sometimes roast leaves until after midnight – and their income depends heavily on the weather. But I think it's a great example of how a traditional business can survive by combining old skills with new ideas: the older generation brings experience, and the younger generation brings technology. And of course, I get free tea every Spring Festival, so I'm definitely a loyal customer!",
          notes: {
            vocabulary: [
              { term: 'run (a business)', zh: '经营（生意）' },
              { term: 'for three generations', zh: '延续三代' },
              { term: 'a team effort', zh: '团队合作的成果' },
              { term: 'supervise', zh: '监督；指导' },
              { term: 'set up', zh: '创办；建立' },
              { term: 'depend heavily on', zh: '在很大程度上取决于' },
              { term: 'combine old skills with new ideas', zh: '把传统技艺与新想法结合起来' },
            ],
            structure:
              '开头点题（生意 + 地点 + 经营者）→ 如何了解：童年暑假 → 家庭成员分工（祖父、姑姑、表姐）→ 评价：辛苦与创新 → 幽默收尾',
            band_remarks:
              '答案把“谁经营”展开为三代人的分工，内容丰富且有层次，结尾的幽默让表达更自然，达到7.5分。若想更高，可以减少 and 连接的长句，改用非谓语或定语从句让句子更紧凑，同时在评价部分加入一两个更抽象的词汇，如 resilience。',
          },
        },
      },
      {
        key: 'f1',
        part: 'part3',
        text: 'What are the advantages and disadvantages of working with family members?',
        zh: '和家人一起工作有哪些优点和缺点？',
      },
      {
        key: 'f2',
        part: 'part3',
        text: "Why do some young people not want to take over their parents' business?",
        zh: '为什么有些年轻人不愿意接手父母的生意？',
      },
      {
        key: 'f3',
        part: 'part3',
        text: 'Can small family businesses survive competition from large companies?',
        zh: '小型家族企业能在与大公司的竞争中生存下来吗？',
      },
      {
        key: 'f4',
        part: 'part3',
        text: 'How important are small shops to a local community?',
        zh: '小商店对当地社区有多重要？',
      },
    ],
  },
  {
    key: 'p2-childhood-toy',
    part: 'part2',
    title: { en: 'Describe a toy you liked in your childhood', zh: '描述一个你童年时喜欢的玩具' },
    is_new: false,
    tags: ['objects', 'experiences'],
    cue_card: {
      prompt: 'Describe a toy you liked when you were a child.',
      bullets: ['what the toy was', 'who gave it to you', 'how you played with it'],
      ending: 'and explain why you liked it so much.',
      zh: '描述一个你小时候喜欢的玩具。你应该说：这是什么玩具；是谁送给你的；你是怎么玩它的；并解释你为什么这么喜欢它。',
    },
    questions: [
      {
        key: 'cue',
        part: 'part2',
        text: 'Describe a toy you liked when you were a child.',
        zh: '描述一个你小时候喜欢的玩具。',
      },
      {
        key: 'f1',
        part: 'part3',
        text: "How are children's toys today different from those in the past?",
        zh: '如今的儿童玩具和过去的有什么不同？',
      },
      {
        key: 'f2',
        part: 'part3',
        text: 'Do expensive toys help children develop better?',
        zh: '昂贵的玩具更有助于孩子的成长吗？',
      },
      {
        key: 'f3',
        part: 'part3',
        text: 'What can children learn from playing with other children?',
        zh: '孩子们能从和其他孩子一起玩耍中学到什么？',
      },
      {
        key: 'f4',
        part: 'part3',
        text: 'Why do some adults keep toys from their childhood?',
        zh: '为什么有些成年人会保留童年时的玩具？',
      },
    ],
  },
  {
    key: 'p2-good-news',
    part: 'part2',
    title: { en: 'Describe a piece of good news you received', zh: '描述你收到的一个好消息' },
    is_new: true,
    tags: ['events', 'experiences'],
    cue_card: {
      prompt: 'Describe a piece of good news that you received.',
      bullets: ['what the news was', 'when and how you received it', 'who you shared it with'],
      ending: 'and explain why it was good news for you.',
      zh: '描述你收到的一个好消息。你应该说：这是什么消息；你是何时、以何种方式得知的；你和谁分享了这个消息；并解释为什么这对你来说是好消息。',
    },
    questions: [
      {
        key: 'cue',
        part: 'part2',
        text: 'Describe a piece of good news that you received.',
        zh: '描述你收到的一个好消息。',
        sample: {
          band: 7.5,
          answer:
            "The piece of good news I want to talk about is the email telling me I'd been accepted onto an exchange programme in Finland. That was in the spring of my third year at university.\n\nA bit of background: my university has a partnership with a technical university in Finland, but there are only four places each year for the whole engineering department, so the competition is fierce. I had to submit my grades, an English test score and a personal statement, and then go through an interview with two professors. I thought the interview went badly, because I got nervous and forgot a key word halfway through an answer, so I'd more or less given up hope.\n\nI got the news at quite an unusual moment. I was in the canteen having lunch with my classmates when my phone buzzed. I saw the subject line, and I actually had to read the email three times because I couldn't believe it. I think I made some kind of strange noise, because everyone at the table turned to stare at me.\n\nThe first person I called was my mum. She was at work, so she could only talk for a minute, but I could hear how proud she was. That evening my roommates insisted on taking me out for barbecue skewers to celebrate.\n\nIt was good news for several reasons. Academically, it meant I could take courses in renewable energy that my home university didn't offer. But on a personal level, it was my first chance to live abroad and become more independent, and it proved to me that I shouldn't judge my own performance so harshly. The semester in Finland turned out to be one of the best experiences of my life, so looking back, that email really was a turning point.",
          notes: {
            vocabulary: [
              { term: 'be accepted onto a programme', zh: '被某项目录取' },
              { term: 'fierce competition', zh: '激烈的竞争' },
              { term: 'personal statement', zh: '个人陈述' },
              { term: 'more or less', zh: '差不多；几乎' },
              { term: 'give up hope', zh: '放弃希望' },
              { term: 'buzz', zh: '（手机）振动' },
              { term: 'judge something harshly', zh: '苛刻地评判' },
              { term: 'a turning point', zh: '转折点', note: '讲述重要经历时的经典收尾词。' },
            ],
            structure:
              '开头点题（消息内容 + 时间）→ 背景：申请过程与担忧 → 得知消息的场景 → 与谁分享 → 意义：学业 + 个人成长 → 转折点收尾',
            band_remarks:
              "叙事完整、情绪起伏明显，先抑后扬的结构让故事更吸引人；过去完成时（I'd given up hope）运用准确，达到7.5分。若要冲击8分，可以在描述收到消息的瞬间时加入更细腻的心理描写，并适当使用倒装或强调句增强表现力。",
          },
        },
      },
      {
        key: 'f1',
        part: 'part3',
        text: 'Do people prefer to share good news in person or online? Why?',
        zh: '人们更喜欢当面分享好消息还是在网上分享？为什么？',
      },
      {
        key: 'f2',
        part: 'part3',
        text: 'Why do the news media tend to report more bad news than good news?',
        zh: '为什么新闻媒体往往报道坏消息多于好消息？',
        sample: {
          band: 8,
          answer:
            "I think it's mainly because bad news grabs attention, and attention is what the media depend on. Psychologists say humans are naturally more sensitive to threats than to pleasant things, probably because, in the distant past, noticing danger helped people stay alive. So a headline about a flood or a crime makes us stop scrolling far more effectively than a story about a new park opening. There's also the question of what counts as news. Good things often happen slowly – child health gradually improving over decades, for instance – whereas disasters happen suddenly, so they fit the daily news cycle better. Having said that, I've noticed that some programmes now deliberately include positive stories, because audiences are getting tired of feeling anxious all the time, and I think that's a healthy trend.",
          notes: {
            vocabulary: [
              { term: 'grab attention', zh: '吸引注意力' },
              { term: 'be sensitive to', zh: '对……敏感' },
              { term: 'what counts as news', zh: '什么才算新闻' },
              { term: 'the news cycle', zh: '新闻周期' },
              { term: 'deliberately', zh: '有意地；刻意地' },
              { term: 'having said that', zh: '话虽如此', note: '用于引出相反或补充的观点。' },
            ],
            structure:
              '核心观点：坏消息吸引注意 → 心理学解释 → 第二个原因：新闻的定义与节奏 → 让步：正面新闻的新趋势 → 评价',
            band_remarks:
              '答案从心理学和新闻本质两个角度解释，论证有深度，词汇精准且富于变化，语篇衔接自然，达到8分。要接近满分，需要在真实口语中保持同样的流利度，并通过语调强调关键对比（slowly vs suddenly）。',
          },
        },
      },
      {
        key: 'f3',
        part: 'part3',
        text: 'What is the best way to tell a friend some bad news?',
        zh: '把坏消息告诉朋友的最好方式是什么？',
      },
      {
        key: 'f4',
        part: 'part3',
        text: 'Is it possible to be too optimistic?',
        zh: '一个人有可能过于乐观吗？',
      },
    ],
  },
  {
    key: 'p2-rule-disagree',
    part: 'part2',
    title: { en: 'Describe a rule you disagree with', zh: '描述一条你不认同的规定' },
    is_new: true,
    tags: ['abstract', 'experiences'],
    cue_card: {
      prompt: 'Describe a rule at school or at work that you disagree with.',
      bullets: ['what the rule is', 'where the rule applies', 'how people react to it'],
      ending: 'and explain why you disagree with it.',
      zh: '描述一条你不认同的学校或工作单位的规定。你应该说：这条规定是什么；它适用于什么地方；人们对它有什么反应；并解释你为什么不认同它。',
    },
    questions: [
      {
        key: 'cue',
        part: 'part2',
        text: 'Describe a rule at school or at work that you disagree with.',
        zh: '描述一条你不认同的学校或工作单位的规定。',
      },
      {
        key: 'f1',
        part: 'part3',
        text: 'Why do societies need rules?',
        zh: '为什么社会需要规则？',
        sample: {
          band: 7.5,
          answer:
            "Basically, rules allow large numbers of people to live together without constant conflict. Think about something as simple as traffic: imagine what would happen if everyone could decide which side of the road to drive on. Rules create predictability, so we can trust that other people will behave in certain ways. They also protect people who are more vulnerable – for instance, rules about food safety or working hours protect ordinary customers and employees. In addition, rules reflect the values a community shares, such as honesty or respect for other people's property. That said, I don't think rules alone are enough. A society works best when people understand the reasons behind the rules and follow them willingly, rather than simply because they're afraid of being punished.",
          notes: {
            vocabulary: [
              { term: 'constant conflict', zh: '持续不断的冲突' },
              { term: 'predictability', zh: '可预测性' },
              { term: 'vulnerable', zh: '弱势的；易受伤害的' },
              { term: 'reflect values', zh: '体现价值观' },
              { term: 'willingly', zh: '心甘情愿地' },
            ],
            structure:
              '核心观点：避免冲突 → 交通例子 → 功能一：可预测性 → 功能二：保护弱势群体 → 功能三：体现共同价值 → 让步：理解比惩罚更重要',
            band_remarks:
              '答案用简单的交通例子说明抽象道理，论点层层递进，最后的让步体现了思辨性，达到7.5分。若要冲击8分，可以使用更多高级抽象词汇（如 social order, mutual trust），并让各论点之间的逻辑关系更明确。',
          },
        },
      },
      {
        key: 'f2',
        part: 'part3',
        text: 'Should students be allowed to help make the rules at their school?',
        zh: '应该允许学生参与制定学校的规则吗？',
      },
      {
        key: 'f3',
        part: 'part3',
        text: 'Are rules at home as important as rules at school?',
        zh: '家里的规矩和学校的规则一样重要吗？',
      },
      {
        key: 'f4',
        part: 'part3',
        text: 'What is the best way to encourage people to follow rules: rewards or punishments?',
        zh: '鼓励人们遵守规则的最好方法是什么：奖励还是惩罚？',
      },
    ],
  },
  {
    key: 'p2-long-journey',
    part: 'part2',
    title: { en: 'Describe a long journey you went on', zh: '描述一次你经历过的长途旅行' },
    is_new: false,
    tags: ['events', 'experiences', 'places'],
    cue_card: {
      prompt: 'Describe a long journey you went on.',
      bullets: [
        'where you went',
        'how you travelled',
        'who you went with',
        'what you did during the journey',
      ],
      ending: 'and explain how you felt about the journey.',
      zh: '描述一次你经历过的长途旅行。你应该说：你去了哪里；你是如何出行的；你和谁一起去的；旅途中你做了什么；并解释你对这次旅程有什么感受。',
    },
    questions: [
      {
        key: 'cue',
        part: 'part2',
        text: 'Describe a long journey you went on.',
        zh: '描述一次你经历过的长途旅行。',
        sample: {
          band: 8,
          answer:
            "I'd like to talk about a train journey from Chengdu to Lhasa that I took with my father the summer after I finished high school. It took well over a day and a half, so it's definitely the longest journey I've ever been on.\n\nMy father had always dreamed of going to Tibet, and once my exams were over, he said it was the perfect time for a father-and-son trip. We chose the train instead of flying partly because it's cheaper, but mainly because it gives your body time to adjust to the altitude, and we'd also heard the views were spectacular.\n\nWe had two lower berths in a sleeper carriage. The first day was fairly ordinary – we passed through green hills and farmland, played cards and ate far too many instant noodles. But on the second day, after Xining, the landscape changed completely. The train climbed onto the Qinghai–Tibet Plateau, and outside the window there were endless grasslands, sparkling lakes and herds of yaks, with snow-capped mountains in the distance. The carriages actually have an extra oxygen supply, yet at the highest point I still got a mild headache, even though I was young and fit.\n\nWhat I remember most, though, are the people. Near us there was a retired teacher going to visit her son, and a couple of young backpackers from Guangdong, and we ended up sharing snacks and stories the whole way.\n\nOverall, I felt a mixture of tiredness and excitement. It wasn't a comfortable journey – the beds were narrow and it was hard to wash properly – but it was the first time I'd spent so much uninterrupted time with my dad, who is usually very busy. In a way, the journey itself was more memorable than Lhasa.",
          notes: {
            vocabulary: [
              { term: 'adjust to the altitude', zh: '适应海拔' },
              { term: 'spectacular', zh: '壮观的' },
              { term: 'lower berth', zh: '下铺' },
              { term: 'plateau', zh: '高原' },
              { term: 'snow-capped mountains', zh: '雪山；山顶覆雪的群山' },
              { term: 'a mixture of ... and ...', zh: '……与……交织', note: '描述复杂感受时很好用。' },
              { term: 'uninterrupted time', zh: '不被打扰的完整时间' },
            ],
            structure:
              '开头点题（路线、同伴、时长）→ 出行原因与方式选择 → 旅途经过：第一天 vs 第二天 → 旅途中的人 → 复杂感受 + 意外收获收尾',
            band_remarks:
              '答案按时间推进，对比鲜明，风景描写词汇丰富（sparkling lakes, snow-capped mountains），结尾“旅程本身比目的地更难忘”点出深意，达到8分。若要更进一步，可在真实作答中控制语速，给风景描写留出停顿，使表达更具感染力。',
          },
        },
      },
      {
        key: 'f1',
        part: 'part3',
        text: 'Why do some people enjoy long journeys while others hate them?',
        zh: '为什么有些人喜欢长途旅行，而另一些人却很讨厌？',
      },
      {
        key: 'f2',
        part: 'part3',
        text: 'How has faster transport changed the way people live and work?',
        zh: '更快的交通方式如何改变了人们的生活和工作方式？',
      },
      {
        key: 'f3',
        part: 'part3',
        text: 'For long distances, is it better to travel by train or by plane?',
        zh: '长途出行时，坐火车好还是坐飞机好？',
      },
      {
        key: 'f4',
        part: 'part3',
        text: 'What should people do to stay safe and healthy on long trips?',
        zh: '长途旅行时，人们应该怎样保证安全和健康？',
      },
    ],
  },
  {
    key: 'p2-helped-someone',
    part: 'part2',
    title: { en: 'Describe a time you helped someone', zh: '描述一次你帮助别人的经历' },
    is_new: false,
    tags: ['people', 'experiences'],
    cue_card: {
      prompt: 'Describe a time when you helped someone.',
      bullets: ['who you helped', 'how you helped this person', 'why you decided to help'],
      ending: 'and explain how you felt afterwards.',
      zh: '描述一次你帮助别人的经历。你应该说：你帮助了谁；你是怎么帮助这个人的；你为什么决定帮忙；并解释你事后有什么感受。',
    },
    questions: [
      {
        key: 'cue',
        part: 'part2',
        text: 'Describe a time when you helped someone.',
        zh: '描述一次你帮助别人的经历。',
      },
      {
        key: 'f1',
        part: 'part3',
        text: 'Should children be taught to help others? How?',
        zh: '应该教孩子帮助别人吗？怎么教？',
      },
      {
        key: 'f2',
        part: 'part3',
        text: 'Why do some people choose to do volunteer work?',
        zh: '为什么有些人选择做志愿工作？',
      },
      {
        key: 'f3',
        part: 'part3',
        text: 'Are people in small towns more helpful than people in big cities?',
        zh: '小城镇的人比大城市的人更乐于助人吗？',
      },
      {
        key: 'f4',
        part: 'part3',
        text: "Is it always a good idea to help someone who hasn't asked for help?",
        zh: '主动帮助没有求助的人总是好事吗？',
      },
    ],
  },
  {
    key: 'p2-interesting-old-person',
    part: 'part2',
    title: { en: 'Describe an interesting old person you know', zh: '描述一位你认识的有趣的老人' },
    is_new: false,
    tags: ['people'],
    cue_card: {
      prompt: 'Describe an interesting old person you know.',
      bullets: ['who this person is', 'how you know him or her', 'what he or she likes doing'],
      ending: 'and explain why you find this person interesting.',
      zh: '描述一位你认识的有趣的老人。你应该说：这个人是谁；你是怎么认识他/她的；他/她喜欢做什么；并解释你为什么觉得这个人有趣。',
    },
    questions: [
      {
        key: 'cue',
        part: 'part2',
        text: 'Describe an interesting old person you know.',
        zh: '描述一位你认识的有趣的老人。',
        sample: {
          band: 7.5,
          answer:
            "The person I'd like to describe is Mr Huang, a retired ship engineer who lives in the same apartment block as my parents in Qingdao. He's about seventy-five now, but he has more energy than most people I know.\n\nI got to know him about ten years ago, when I was in middle school. Every morning on my way to school I'd cut through the little park next to our building, and he'd be there writing Chinese characters on the pavement with a huge sponge brush dipped in a bucket of water. One day I stopped to watch, and he asked me to guess which poem he was writing. I got it wrong, of course, but after that we started chatting regularly.\n\nWhat makes him so interesting is the range of things he does. Besides the water calligraphy, which evaporates after about ten minutes in the sun, he's been teaching himself Japanese, because he wants to reread some old letters from a friend he made in a port there decades ago. He also grows tomatoes and chillies on his balcony, and he swims in the sea almost all year round, even in November, which I think is crazy.\n\nBut more than his hobbies, it's his stories. He spent nearly thirty years working on cargo ships, so he's been to ports in Africa, South America and Northern Europe, and he describes them in amazing detail – the smells of the markets, the storms, the food he tried for the first time.\n\nI find him fascinating because he completely breaks the stereotype that old people are stuck in the past. He's curious about everything, and whenever I go home, he asks me about my job in software and genuinely wants to understand it. I hope I'll be that open-minded when I'm his age.",
          notes: {
            vocabulary: [
              { term: 'retired', zh: '退休的' },
              { term: 'cut through', zh: '抄近路穿过' },
              { term: 'calligraphy', zh: '书法' },
              { term: 'evaporate', zh: '蒸发' },
              { term: 'teach oneself', zh: '自学' },
              { term: 'break the stereotype', zh: '打破刻板印象', note: '描述人物时很有分量的表达。' },
              { term: 'be stuck in the past', zh: '停留在过去；思想守旧' },
              { term: 'open-minded', zh: '思想开明的' },
            ],
            structure:
              '开头点题（人物身份 + 年龄特点）→ 相识经过：公园里的水书法 → 兴趣爱好 → 航海故事 → 有趣的原因：打破刻板印象 → 个人期望收尾',
            band_remarks:
              '人物形象鲜明，细节（水写书法、冬泳、航海故事）独特且具体，词汇丰富，语法准确多样，达到7.5分。若要冲击8分，可以在“为什么有趣”部分加入一个具体对话片段，并注意长句中的意群划分，使语流更自然。',
          },
        },
      },
      {
        key: 'f1',
        part: 'part3',
        text: 'What can young people learn from older people?',
        zh: '年轻人能从老年人身上学到什么？',
      },
      {
        key: 'f2',
        part: 'part3',
        text: 'How has the role of grandparents in families changed in your country?',
        zh: '在你的国家，祖父母在家庭中的角色发生了怎样的变化？',
      },
      {
        key: 'f3',
        part: 'part3',
        text: 'Is it better for elderly people to live with their children or in a care home?',
        zh: '老年人和子女同住好，还是住在养老院好？',
      },
      {
        key: 'f4',
        part: 'part3',
        text: 'How can society make sure older people do not feel lonely?',
        zh: '社会可以怎样确保老年人不感到孤独？',
      },
    ],
  },
  {
    key: 'p2-useful-website',
    part: 'part2',
    title: { en: 'Describe a website you often use', zh: '描述一个你经常使用的网站' },
    is_new: true,
    tags: ['objects', 'abstract'],
    cue_card: {
      prompt: 'Describe a website that you often use.',
      bullets: ['what kind of website it is', 'how you found out about it', 'what you use it for'],
      ending: 'and explain why you use it so often.',
      zh: '描述一个你经常使用的网站。你应该说：这是什么类型的网站；你是怎么知道它的；你用它来做什么；并解释你为什么经常使用它。',
    },
    questions: [
      {
        key: 'cue',
        part: 'part2',
        text: 'Describe a website that you often use.',
        zh: '描述一个你经常使用的网站。',
      },
      {
        key: 'f1',
        part: 'part3',
        text: 'How can people judge whether information on the internet is reliable?',
        zh: '人们如何判断网上的信息是否可靠？',
        sample: {
          band: 7.5,
          answer:
            "There are a few simple habits that help a lot. First, check who is behind the information. A report from a university, a hospital or an established news organisation is usually more trustworthy than an anonymous post. Second, look at the date, because a lot of misleading content is actually old information being shared again out of context. Third, compare several sources: if something surprising is only mentioned on one website, that's a warning sign. It's also worth paying attention to your own emotions. False stories are often designed to make people angry or frightened, so that they share them quickly without thinking. Personally, I believe schools should teach these skills from an early age, because children today get most of their information online, and nobody is checking it for them.",
          notes: {
            vocabulary: [
              { term: 'trustworthy', zh: '值得信赖的' },
              { term: 'anonymous', zh: '匿名的' },
              { term: 'misleading', zh: '误导性的' },
              { term: 'out of context', zh: '断章取义；脱离背景' },
              { term: 'a warning sign', zh: '危险信号；警示' },
              { term: 'pay attention to', zh: '注意' },
            ],
            structure:
              '总述：几个简单习惯 → 方法一：看来源 → 方法二：看日期 → 方法三：多方对比 → 方法四：留意情绪 → 个人建议：学校教育',
            band_remarks:
              '答案条理分明，First / Second / Third 清晰列举，又加入“留意自身情绪”这一新颖角度，最后上升到教育层面，达到7.5分。若要更高，可以减少简单列举的痕迹，用举例或因果分析把某一点讲透。',
          },
        },
      },
      {
        key: 'f2',
        part: 'part3',
        text: 'Should children be allowed to use the internet without adult supervision?',
        zh: '应该允许孩子在没有大人监督的情况下上网吗？',
      },
      {
        key: 'f3',
        part: 'part3',
        text: 'What are the advantages of shopping online compared with shopping in stores?',
        zh: '与在实体店购物相比，网上购物有哪些优势？',
      },
      {
        key: 'f4',
        part: 'part3',
        text: 'Do you think websites will replace libraries in the future?',
        zh: '你认为将来网站会取代图书馆吗？',
      },
    ],
  },
  {
    key: 'p2-favourite-photo',
    part: 'part2',
    title: { en: 'Describe a photo you like', zh: '描述一张你喜欢的照片' },
    is_new: false,
    tags: ['objects', 'events'],
    cue_card: {
      prompt: 'Describe a photo of yours that you like.',
      bullets: ['when and where it was taken', 'who took it', 'what it shows'],
      ending: 'and explain why you like this photo.',
      zh: '描述一张你自己的、你喜欢的照片。你应该说：照片是何时何地拍的；是谁拍的；照片里有什么；并解释你为什么喜欢这张照片。',
    },
    questions: [
      {
        key: 'cue',
        part: 'part2',
        text: 'Describe a photo of yours that you like.',
        zh: '描述一张你自己的、你喜欢的照片。',
      },
      {
        key: 'f1',
        part: 'part3',
        text: 'Why do people take so many photos nowadays?',
        zh: '为什么如今人们拍这么多照片？',
      },
      {
        key: 'f2',
        part: 'part3',
        text: 'Do you think printed photos will disappear one day?',
        zh: '你认为纸质照片有一天会消失吗？',
      },
      {
        key: 'f3',
        part: 'part3',
        text: 'Can photography be considered a form of art?',
        zh: '摄影可以被视为一种艺术形式吗？',
      },
      {
        key: 'f4',
        part: 'part3',
        text: 'Should people ask for permission before taking photos of others?',
        zh: '人们在给别人拍照之前应该征得同意吗？',
      },
    ],
  },
  {
    key: 'p2-quiet-place',
    part: 'part2',
    title: { en: 'Describe a quiet place you like to go to', zh: '描述一个你喜欢去的安静的地方' },
    is_new: false,
    tags: ['places'],
    cue_card: {
      prompt: 'Describe a quiet place that you like to go to.',
      bullets: ['where it is', 'how you found it', 'what you do there'],
      ending: 'and explain why you like going there.',
      zh: '描述一个你喜欢去的安静的地方。你应该说：它在哪里；你是如何发现它的；你在那里做什么；并解释你为什么喜欢去那里。',
    },
    questions: [
      {
        key: 'cue',
        part: 'part2',
        text: 'Describe a quiet place that you like to go to.',
        zh: '描述一个你喜欢去的安静的地方。',
        sample: {
          band: 7.5,
          answer:
            "A quiet place I often go to is a small reservoir on the edge of my hometown, Shaoxing, about twenty minutes by bike from my parents' flat. It's surrounded by low hills covered in bamboo, and there's a narrow path that goes all the way round the water.\n\nI actually discovered it by accident. In the summer before my final year of high school, I was feeling really anxious about exams, and one afternoon I just got on my bike and rode off without any plan. I followed a small road I'd never taken before, and suddenly there it was – this still, green lake with nobody around except a couple of old men fishing.\n\nWhat do I do there? Honestly, not very much, and that's the point. Usually I walk slowly along the path, or I sit on a flat rock near the dam and listen to the wind in the bamboo. Sometimes I bring a notebook and write down whatever is on my mind. In autumn I like to go early in the morning, when there's a thin layer of mist over the water and you can hear birds calling from the other side. I hardly ever take my phone out, except occasionally to take a picture.\n\nThe reason I love it is that it's the complete opposite of my daily life. I now work in Hangzhou, in an open-plan office where phones ring constantly, so when I come home for the holidays, going to the reservoir feels like pressing a reset button. It helps me think more clearly. In fact, most of my big decisions, like which university to choose and whether to change jobs, were made sitting on that rock. I really hope it never gets discovered by tourists.",
          notes: {
            vocabulary: [
              { term: 'reservoir', zh: '水库' },
              { term: 'by accident', zh: '偶然地' },
              { term: 'still', zh: '（水面）平静的', note: '形容词用法，比 calm 更有画面感。' },
              { term: 'whatever is on my mind', zh: '脑子里想到的任何事' },
              { term: 'a thin layer of mist', zh: '一层薄雾' },
              { term: 'open-plan office', zh: '开放式办公室' },
              { term: 'press a reset button', zh: '按下重启键', note: '比喻“让身心重新开始”，很生动。' },
            ],
            structure:
              '开头点题（地点 + 环境）→ 发现经过：高考前的偶遇 → 在那里做什么（散步、发呆、写东西）→ 喜欢的原因：与日常生活形成反差 → 个人意义 + 幽默收尾',
            band_remarks:
              "答案情景描写细腻，“not very much, and that's the point”这样的自问自答很有口语感，比喻（pressing a reset button）生动，达到7.5分。若要冲击8分，可以多使用一些高级形容词描述氛围（如 serene, tranquil），并注意句子长短交替，增强节奏感。",
          },
        },
      },
      {
        key: 'f1',
        part: 'part3',
        text: 'Why do people need quiet places in their lives?',
        zh: '为什么人们的生活中需要安静的地方？',
        sample: {
          band: 7,
          answer:
            "I think quiet places matter because modern life is so full of noise and stimulation. Most of us spend the whole day surrounded by traffic, conversations and notifications, and our brains never really get a chance to rest. Being somewhere quiet, even for twenty minutes, lets people calm down and sort out their thoughts. There's also a creative benefit. Many people say their best ideas come when they're walking alone or sitting in silence, because that's when the mind can wander freely. And for people who live in crowded homes, like young people sharing a flat in a big city, a quiet place such as a library or a park may be the only space where they can be alone. That's why I believe cities should protect green spaces and quiet areas instead of filling every corner with shops.",
          notes: {
            vocabulary: [
              { term: 'stimulation', zh: '刺激' },
              { term: "sort out one's thoughts", zh: '理清思绪' },
              { term: 'a creative benefit', zh: '对创造力的益处' },
              { term: 'the mind can wander', zh: '思绪可以自由漫游' },
              { term: 'green spaces', zh: '绿地' },
            ],
            structure:
              '核心观点：现代生活太嘈杂 → 理由一：大脑休息 → 理由二：激发创造力 → 理由三：拥挤居住者的独处需求 → 延伸建议：城市规划',
            band_remarks:
              '答案论点清晰、例子贴近生活，衔接自然，达到7分。若要提升到7.5分以上，可以减少 quiet 一词的重复，替换为 peaceful, tranquil 等近义词，并在某一理由上加入更具体的研究或个人经历作支撑。',
          },
        },
      },
      {
        key: 'f2',
        part: 'part3',
        text: 'Is it harder to find quiet places in cities today than in the past?',
        zh: '如今在城市里找安静的地方是否比过去更难？',
      },
      {
        key: 'f3',
        part: 'part3',
        text: "How does noise affect people's health and work?",
        zh: '噪音如何影响人们的健康和工作？',
      },
      {
        key: 'f4',
        part: 'part3',
        text: 'Should there be stricter rules about noise in public places?',
        zh: '公共场所应该有更严格的噪音管理规定吗？',
      },
    ],
  },
  {
    key: 'p2-future-goal',
    part: 'part2',
    title: { en: 'Describe a goal you want to achieve', zh: '描述一个你想实现的目标' },
    is_new: true,
    tags: ['abstract', 'experiences'],
    cue_card: {
      prompt: 'Describe a goal that you want to achieve in the future.',
      bullets: ['what the goal is', 'when you set this goal', 'what you are doing to achieve it'],
      ending: 'and explain why this goal is important to you.',
      zh: '描述一个你将来想实现的目标。你应该说：这个目标是什么；你是什么时候定下这个目标的；你正在为实现它做些什么；并解释这个目标为什么对你很重要。',
    },
    questions: [
      {
        key: 'cue',
        part: 'part2',
        text: 'Describe a goal that you want to achieve in the future.',
        zh: '描述一个你将来想实现的目标。',
      },
      {
        key: 'f1',
        part: 'part3',
        text: 'Is it important for children to learn to set goals?',
        zh: '让孩子学会设定目标重要吗？',
      },
      {
        key: 'f2',
        part: 'part3',
        text: 'Why do many people fail to achieve their goals?',
        zh: '为什么很多人无法实现自己的目标？',
      },
      {
        key: 'f3',
        part: 'part3',
        text: "Do young people today have different goals from their parents' generation?",
        zh: '如今年轻人的目标和他们父辈的有什么不同吗？',
      },
      {
        key: 'f4',
        part: 'part3',
        text: 'Should people tell others about their goals or keep them private?',
        zh: '人们应该把自己的目标告诉别人，还是不对外公开？',
      },
    ],
  },
  {
    key: 'p2-waiting',
    part: 'part2',
    title: { en: 'Describe a time you waited for something', zh: '描述一次你等待某事的经历' },
    is_new: true,
    tags: ['events', 'experiences'],
    cue_card: {
      prompt: 'Describe a time when you had to wait a long time for something.',
      bullets: ['what you were waiting for', 'how long you waited', 'what you did while you were waiting'],
      ending: 'and explain how you felt about the wait.',
      zh: '描述一次你不得不长时间等待某事的经历。你应该说：你在等什么；你等了多久；等待期间你做了什么；并解释你对这次等待有什么感受。',
    },
    questions: [
      {
        key: 'cue',
        part: 'part2',
        text: 'Describe a time when you had to wait a long time for something.',
        zh: '描述一次你不得不长时间等待某事的经历。',
      },
      {
        key: 'f1',
        part: 'part3',
        text: 'Are people less patient today than they were in the past?',
        zh: '现在的人比过去更没有耐心了吗？',
      },
      {
        key: 'f2',
        part: 'part3',
        text: 'In what situations do people usually have to queue?',
        zh: '人们通常在哪些情况下需要排队？',
      },
      {
        key: 'f3',
        part: 'part3',
        text: 'How can businesses make waiting less boring for customers?',
        zh: '商家怎样才能让顾客的等待不那么无聊？',
      },
      {
        key: 'f4',
        part: 'part3',
        text: 'Is patience an important quality for success?',
        zh: '耐心是成功的重要品质吗？',
      },
    ],
  },
  {
    key: 'p2-borrowed-item',
    part: 'part2',
    title: { en: 'Describe something you borrowed from someone', zh: '描述一件你向别人借过的东西' },
    is_new: true,
    tags: ['objects', 'people'],
    cue_card: {
      prompt: 'Describe something you borrowed from another person.',
      bullets: ['what it was', 'who you borrowed it from', 'why you needed to borrow it'],
      ending: 'and explain how you felt about borrowing it.',
      zh: '描述一件你向别人借过的东西。你应该说：那是什么东西；你向谁借的；你为什么需要借它；并解释你对借这件东西有什么感受。',
    },
    questions: [
      {
        key: 'cue',
        part: 'part2',
        text: 'Describe something you borrowed from another person.',
        zh: '描述一件你向别人借过的东西。',
      },
      {
        key: 'f1',
        part: 'part3',
        text: 'What kinds of things do people often borrow from each other?',
        zh: '人们经常互相借哪些东西？',
      },
      {
        key: 'f2',
        part: 'part3',
        text: 'Why do some people dislike lending their things to others?',
        zh: '为什么有些人不喜欢把自己的东西借给别人？',
      },
      {
        key: 'f3',
        part: 'part3',
        text: 'Are sharing services, such as shared bikes, good for society?',
        zh: '共享单车之类的共享服务对社会有益吗？',
      },
      {
        key: 'f4',
        part: 'part3',
        text: 'Should children be taught to share their belongings?',
        zh: '应该教孩子分享自己的东西吗？',
      },
    ],
  },
  {
    key: 'p2-sports-event',
    part: 'part2',
    title: { en: 'Describe a sports event you watched', zh: '描述一场你观看过的体育赛事' },
    is_new: false,
    tags: ['events', 'experiences'],
    cue_card: {
      prompt: 'Describe a sports event that you watched.',
      bullets: ['what the event was', 'when and where you watched it', 'who you watched it with'],
      ending: 'and explain why you remember it.',
      zh: '描述一场你观看过的体育赛事。你应该说：这是什么赛事；你是何时何地观看的；你和谁一起看的；并解释你为什么记得它。',
    },
    questions: [
      {
        key: 'cue',
        part: 'part2',
        text: 'Describe a sports event that you watched.',
        zh: '描述一场你观看过的体育赛事。',
      },
      {
        key: 'f1',
        part: 'part3',
        text: 'Why do so many people enjoy watching sports?',
        zh: '为什么那么多人喜欢看体育比赛？',
      },
      {
        key: 'f2',
        part: 'part3',
        text: 'Do you think top athletes are paid too much?',
        zh: '你认为顶尖运动员的收入过高吗？',
      },
      {
        key: 'f3',
        part: 'part3',
        text: 'How can hosting a large sports event benefit a city?',
        zh: '举办大型体育赛事能给城市带来哪些好处？',
      },
      {
        key: 'f4',
        part: 'part3',
        text: 'Is it better for children to play team sports or individual sports?',
        zh: '孩子参加团体运动好还是个人运动好？',
      },
    ],
  },
];
