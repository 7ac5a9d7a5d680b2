"""An encoder in the style of the spring-2017 OpenNMT code, written as a 2017 program (`import
torch_early as torch`): a padded batch of sentences of different lengths is embedded, reordered
longest first with a LongTensor index on the batch dimension (through `Variable.t()` of a 3-D
Variable), packed with `pack_padded_sequence`, run through a bidirectional LSTM, unpacked, and put
back in the batch's own order. The outputs must equal running each sentence alone, the gradients
must reach the embedding through the reordering, and a small tagger trained this way must learn."""

import torch_early as torch
import torch_early.nn as nn
from torch_early.autograd import Variable
from torch_early.nn.utils.rnn import pack_padded_sequence, pad_packed_sequence

PAD = 0


class Encoder(nn.Module):

    def __init__(self, vocabulary, size, hidden):
        super(Encoder, self).__init__()
        self.embedding = nn.Embedding(vocabulary, size, padding_idx=PAD)
        self.rnn = nn.LSTM(size, hidden // 2, num_layers=1, bidirectional=True)

    def forward(self, source, lengths):
        """source: seq_len x batch LongTensor Variable, padded; lengths: a list, any order."""
        emb = self.embedding(source)                              # seq x batch x size
        sorted_lengths, order = torch.LongTensor(lengths).sort(0, descending=True)
        _, restore = order.sort(0)
        emb = emb.t()[order].t()                                  # batch reordered, longest first
        packed = pack_padded_sequence(emb, sorted_lengths.tolist())
        output, _ = self.rnn(packed)
        output, _ = pad_packed_sequence(output)
        return output.t()[restore].t()                            # the batch's own order again


def padded_batch(sentences):
    longest = max(len(s) for s in sentences)
    batch = torch.LongTensor(longest, len(sentences)).fill_(PAD)
    for column, sentence in enumerate(sentences):
        batch[:, column][:len(sentence)].copy_(torch.LongTensor(sentence))
    return batch


SENTENCES = [[3, 4, 5], [6, 7, 8, 9, 2], [2, 3], [9, 8, 7, 6]]


def test_the_reordered_packed_batch_gives_each_sentence_its_own_outputs():
    torch.manual_seed(1)
    encoder = Encoder(10, 4, 6).double()
    lengths = [len(s) for s in SENTENCES]
    output = encoder(Variable(padded_batch(SENTENCES)), lengths)
    assert output.size() == torch.Size([5, 4, 6])
    for column, sentence in enumerate(SENTENCES):
        alone = encoder(Variable(torch.LongTensor(sentence).view(-1, 1)), [len(sentence)])
        mine = output[:, column][:len(sentence)]
        assert (mine.data - alone.data[:, 0]).abs().max() < 1e-12
        if len(sentence) < 5:                                     # padding is zeros
            assert output.data[len(sentence):, column].abs().max() == 0


def test_gradients_reach_the_embedding_through_the_reordering():
    torch.manual_seed(2)
    encoder = Encoder(10, 4, 6).double()
    output = encoder(Variable(padded_batch(SENTENCES)), [len(s) for s in SENTENCES])
    output.sum().backward()
    grad = encoder.embedding.weight.grad.data
    used = sorted(set(word for sentence in SENTENCES for word in sentence))
    assert all(grad[word].abs().sum() > 0 for word in used)
    assert grad[PAD].abs().sum() == 0 and grad[1].abs().sum() == 0   # padding, and unused


def test_a_tagger_on_the_encoder_learns():
    # Tag each word with its parity: the encoder and a linear layer must learn it.
    torch.manual_seed(3)
    encoder, tagger = Encoder(10, 8, 8), nn.Linear(8, 2)
    parameters = list(encoder.parameters()) + list(tagger.parameters())
    optimizer = torch.optim.Adam(parameters, lr=0.05)
    source = Variable(padded_batch(SENTENCES))
    lengths = [len(s) for s in SENTENCES]
    positions = [(t, b) for b, s in enumerate(SENTENCES) for t in range(len(s))]
    index = torch.LongTensor([t * len(SENTENCES) + b for t, b in positions])
    target = Variable(torch.LongTensor([SENTENCES[b][t] % 2 for t, b in positions]))
    losses = []
    for _ in range(60):
        optimizer.zero_grad()
        hidden = encoder(source, lengths)
        flat = hidden.contiguous().view(-1, hidden.size(2))[index]   # the words, not the padding
        loss = nn.functional.cross_entropy(tagger(flat), target)
        loss.backward()
        optimizer.step()
        losses.append(loss.data[0])
    assert losses[-1] < 0.1 < losses[0]
